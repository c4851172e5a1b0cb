import './start-env';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { clearStaleProcess } from './dynamodb';
import { LOCAL, repoRoot } from './env';
import { DEMO } from './seed';
import { startStack, type Stack } from './stack';
import { buildWeb, webBuildReason } from './web-build';

/**
 * `npm start` (and `npm run dev` with --dev): the whole product on 127.0.0.1:3000 with state in .data/.
 *   --port N / PORT   another port          --reset   wipe .data/ first (the demo data is seeded again)
 *   --dev             Vite with HMR instead of the built web/dist
 *   --data DIR        keep state in DIR instead of .data/
 *   --metrics         print the functions' EMF metric lines (what CloudWatch reads in AWS)
 * Ctrl-C stops everything, Java included.
 */
const started = performance.now();
// The SDK's "Node ≥ 22 from 2027" notice would print on every start; the engines field already says Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    reset: { type: 'boolean', default: false },
    dev: { type: 'boolean', default: false },
    data: { type: 'string' },
    // Read by start-env.ts, ahead of the imports that build Powertools' Metrics.
    metrics: { type: 'boolean', default: false },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port ${values.port ?? process.env.PORT}`);
const dataDir = values.data ? resolve(values.data) : join(repoRoot, '.data');

if (values.reset && existsSync(dataDir)) {
  await clearStaleProcess(join(dataDir, 'dynamodb'));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`[local] ${dataDir} wiped`);
}

let stack: Stack | undefined;
let exiting = false;
const shutdown = async (code: number) => {
  if (exiting) {
    // A second Ctrl-C: leave now; the 'exit' hook still kills Java.
    process.exit(code || 130);
  }
  exiting = true;
  console.log('\n[local] stopping…');
  await stack?.stop();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('uncaughtException', (error) => {
  console.error('[local] uncaught error', error);
  void shutdown(1);
});
process.on('unhandledRejection', (error) => {
  console.error('[local] unhandled rejection', error);
  void shutdown(1);
});

const buildReason = values.dev ? undefined : webBuildReason();
if (buildReason) console.log(`[local] building the web app (${buildReason})…`);
// A broken build (web code mid-edit) must not keep the API from starting: the previous build, if any, is served.
const building = buildReason
  ? buildWeb().catch((error: Error) => console.error(`[local] ${error.message}; serving the previous web build, if any`))
  : Promise.resolve();

try {
  const [ready] = await Promise.all([
    startStack({ dataDir, port, seed: true, dev: values.dev, logRequests: true }),
    building,
  ]);
  stack = ready;
} catch (error) {
  console.error('[local] could not start:', error instanceof Error ? error.message : error);
  await shutdown(1);
}

if (stack && !exiting) {
  const ms = Math.round(performance.now() - started);
  console.log(`
  Brandslate is running${values.dev ? ' (dev, Vite HMR)' : ''} — ready in ${ms} ms

    App          ${stack.url}
    Mail         ${stack.url}${LOCAL.mailPath}
    Integrations ${stack.url}${LOCAL.integrationsPath}   (fake Jira, Slack, monday, Google, webhook receiver: what to enter, what they received)
    Stripe       ${stack.env.STRIPE_API_URL}   (local emulator; checkout pages under ${stack.url}${LOCAL.stripePath})
    Clock        ${stack.url}${LOCAL.clockPath}   (POST {"offsetMs": n} moves the functions' clock)
    Demo login   ${DEMO.email} / ${DEMO.password}

    Data         ${dataDir}  (npm start -- --reset wipes it)
    DynamoDB     http://127.0.0.1:${stack.ports.dynamodb}   table ${LOCAL.tableName}
    S3           http://127.0.0.1:${stack.ports.s3}   bucket ${LOCAL.bucketName}
    SQS          http://127.0.0.1:${stack.ports.sqs}
    Cognito      ${stack.url}${LOCAL.cognitoPath}   pool ${stack.cognito.userPoolId}

  Ctrl-C to stop.
`);
}
