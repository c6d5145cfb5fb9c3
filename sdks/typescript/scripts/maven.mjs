// The Maven build's steps (sdks/typescript/pom.xml): `build` compiles the package, `test` runs its
// node --test suites. Without the pinned devDependencies (`npm ci` here, which .ci/run does) both
// are skipped with a note, as the build's other Node tests are, unless SPENDLINE_REQUIRE_NODE_CLIENTS
// is set (CI sets it): then they fail.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const step = process.argv[2];
if (step !== 'build' && step !== 'test') {
  console.error('usage: node scripts/maven.mjs build|test');
  process.exit(2);
}
if (!existsSync(join(root, 'node_modules/typescript/bin/tsc'))) {
  const message = `@spendline/client (sdks/typescript): TypeScript is not installed; run (cd sdks/typescript && npm ci) to ${step} it`;
  const required = process.env.SPENDLINE_REQUIRE_NODE_CLIENTS;
  if (required !== undefined && required.trim() !== '' && required !== '0') {
    console.error(message + ' (SPENDLINE_REQUIRE_NODE_CLIENTS=' + required + ')');
    process.exit(1);
  }
  console.warn('SKIPPED: ' + message);
  process.exit(0);
}
const run = spawnSync(process.execPath, [join(root, 'scripts', step + '.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
