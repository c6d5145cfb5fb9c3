// A script that sends two events and ends without flushing: argv[2] is the server, argv[3] flushOnExit.
import { SpendlineClient, productEvent } from '../../dist/index.js';

const client = new SpendlineClient({
  baseUrl: process.argv[2],
  apiKey: 'spl_exit_test',
  lingerMs: 60_000,
  flushOnExit: process.argv[3] === 'true',
});
for (const id of ['exit-1', 'exit-2']) {
  client.send(productEvent({ provider: 'openai', model: 'gpt-4o', promptTokens: 1, outputTokens: 1, costUsd: 0, source: 'exit', externalId: id }));
}
process.on('exit', () => process.stdout.write(JSON.stringify(client.metrics()) + '\n'));
