import { startStack } from '../../local/stack';

/**
 * The embedded stack in a process of its own, on the data folder given as the first argument, so a test can kill
 * it without warning (`--no-outbox`: without draining the table's stream, as if it died before each hand-off). Prints one JSON line (its URL and environment) once ready, then runs until killed.
 */
const stack = await startStack({ dataDir: process.argv[2], outbox: !process.argv.includes('--no-outbox') });
process.stdout.write(`${JSON.stringify({ url: stack.url, env: stack.env })}\n`);
