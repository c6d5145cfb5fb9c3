// Runs every test/*.test.mjs with Node's own test runner against the built package (dist/).
// Exits with the runner's code, so a failing test fails `npm test` and the Maven build.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = readdirSync(join(root, 'test'))
  .filter((name) => name.endsWith('.test.mjs'))
  .sort()
  .map((name) => join('test', name));
if (files.length === 0) {
  console.error('no test files under ' + join(root, 'test'));
  process.exit(1);
}
const run = spawnSync(process.execPath, ['--test', ...files], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
