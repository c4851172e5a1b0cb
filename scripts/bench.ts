/**
 * npm run bench — figures, not assertions:
 *  1. every Lambda's bundle (esbuild with the same options CDK uses): size and median cold import time over
 *     fresh Node processes;
 *  2. GET /workspaces p50/p99 through the local gateway beside the raw DynamoDB Query for the same data on the
 *     same DynamoDB Local, and their ratio;
 *  3. the task list with 10,000 tasks: first page per filter beside the raw Queries, DynamoDB requests per call
 *     (scripts/bench-tasks.ts);
 *  4. the kanban with 1,000 cards in headless Chromium: DOM nodes, cards mounted, longest task (scripts/bench-kanban.ts);
 *  5. Lighthouse (desktop) on /signin, /dashboard and /tasks (scripts/bench-lighthouse.ts).
 * 6. integrations: task create with 0 and 3 integrations, create → first delivery attempt for a burst (scripts/bench-integrations.ts).
 * 7. clicks and keystrokes per common job, as the e2e journeys last counted them (scripts/bench-interactions.ts).
 * 8. content store: GET of a brand's voices and of a project with its settings p50/p99 beside the raw Query (scripts/bench-content.ts).
 * 9. AI generation overhead (our time beyond the provider's) p50/p99 against the emulator, inline and as jobs (scripts/bench-ai.ts).
 * 10. a 10,000-row CSV import, the post saves DynamoDB Local takes at most, and the feed's first page with 10,000 posts
 *     (scripts/bench-imports.ts; only when named).
 * 11. a 200 MB recording's multipart upload from Chromium, and /play's time to first frame (scripts/bench-recordings.ts).
 * 12. sync throughput: media per second of a connected Instagram and YouTube account's sync against the fakes (scripts/bench-sync.ts).
 * 13. the analytics page with two years of daily follower snapshots and 700 posts: GET …/analytics, first paint and charts ready in Chromium (scripts/bench-analytics.ts).
 * BENCH_PARTS=bundles,workspaces,tasks,kanban,lighthouse,integrations,interactions,content,ai,recordings,sync,analytics picks parts (all of
 * these by default; `imports` runs only when named). Progress goes to stderr, figures to stdout.
 */
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient, SignUpCommand, AdminConfirmSignUpCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { routeList, API_PREFIX } from '#shared/routes';
import { queues } from '#shared/queues';
import { offlineService } from '#data/access-patterns';
import { lambdaBundling } from '../infra/constructs/lambda-bundling';
import { startStack, type Stack } from '../local/stack';
import { buildWeb, webBuildReason } from '../local/web-build';
import { median, ms, percentile, progress, timeIt } from './bench-support';
import { taskListBench } from './bench-tasks';
import { kanbanBench } from './bench-kanban';
import { lighthouseBench } from './bench-lighthouse';
import { integrationsBench } from './bench-integrations';
import { interactionsBench } from './bench-interactions';
import { contentBench } from './bench-content';
import { importsBench } from './bench-imports';
import { recordingsBench } from './bench-recordings';
import { aiBench } from './bench-ai';
import { analyticsBench } from './bench-analytics';
import { syncBench } from './bench-sync';

const OUT = '.bench';
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const PARTS = new Set((process.env.BENCH_PARTS ?? 'bundles,workspaces,tasks,kanban,lighthouse,integrations,interactions,content,ai,recordings,sync,analytics').split(','));
// The SDK's "Node ≥ 22 from 2027" notice would print on every client.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** What a bundle holds: bytes per npm package (or per folder of ours), the five largest. */
const largestParts = (metafile: Metafile): string => {
  const byPart = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
      const part = pkg ?? file.split('/').slice(0, 2).join('/');
      byPart.set(part, (byPart.get(part) ?? 0) + bytesInOutput);
    }
  }
  return [...byPart]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([part, bytes]) => `${part} ${(bytes / 1024).toFixed(0)}`)
    .join(', ');
};

/** The issue's goal for every HTTP handler's bundle. */
const BUNDLE_GOAL = { kb: 400, importMs: 70 };

const bundles = async () => {
  mkdirSync(OUT, { recursive: true });
  const entries = [
    ...routeList.map((r) => ({ name: `http/${r.id}`, entry: `functions/http/${r.id}.ts` })),
    ...queues.map((q) => ({ name: `queues/${q.id}`, entry: `functions/queues/${q.id}.ts` })),
  ];
  // Wall time is the goal's figure; the import's CPU time beside it moves less when other work shares the cores.
  console.log(`\n## Lambda bundles (minified ESM, AWS SDK inside; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)\n`);
  console.log(
    `| function | size | gzip | median cold import (${IMPORT_RUNS} fresh processes) | its CPU time | largest parts (KB, from the metafile) |\n|---|---|---|---|---|---|`,
  );
  const figures: { name: string; kb: number; importMs: number; cpuMs: number }[] = [];
  const failed: string[] = [];
  for (const { name, entry } of entries) {
    const outfile = `${OUT}/${name.replace('/', '-')}.mjs`;
    const built = await build({ entryPoints: [entry], outfile, ...lambdaBundling.esbuild, metafile: true, logLevel: 'silent' }).catch((error: Error) => error);
    if (built instanceof Error) {
      // One function that does not build (work in progress elsewhere) is reported, and the others still measured.
      failed.push(name);
      console.log(`| ${name} | does not build: ${built.message.split('\n')[1] ?? built.message} | | | | |`);
      continue;
    }
    const { metafile } = built;
    const size = statSync(outfile).size;
    const gzip = gzipSync(readFileSync(outfile)).length;
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < IMPORT_RUNS; i++) {
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const c=process.cpuUsage(); const t=performance.now(); await import(${JSON.stringify(`${process.cwd()}/${outfile}`)}); const w=performance.now()-t; const u=process.cpuUsage(c); console.log(w, (u.user+u.system)/1000)`,
        ],
        { env: { ...process.env, NODE_NO_WARNINGS: '1', AWS_REGION: 'us-east-1' }, encoding: 'utf8' },
      );
      const [w, c] = out.trim().split('\n').pop()!.split(' ').map(Number);
      wall.push(w!);
      cpu.push(c!);
    }
    figures.push({ name, kb: size / 1024, importMs: median(wall), cpuMs: median(cpu) });
    console.log(`| ${name} | ${(size / 1024).toFixed(0)} KB | ${(gzip / 1024).toFixed(0)} KB | ${ms(median(wall))} | ${ms(median(cpu))} | ${largestParts(metafile)} |`);
  }
  const http = figures.filter((f) => f.name.startsWith('http/'));
  const meeting = http.filter((f) => f.kb <= BUNDLE_GOAL.kb && f.importMs <= BUNDLE_GOAL.importMs);
  const stat = (pick: (f: (typeof http)[number]) => number) => ({ max: Math.max(...http.map(pick)), median: median(http.map(pick)) });
  const size = stat((f) => f.kb);
  const wall = stat((f) => f.importMs);
  const cpu = stat((f) => f.cpuMs);
  console.log(
    `\nHTTP handlers (${http.length}): size median ${size.median.toFixed(0)} KB, max ${size.max.toFixed(0)} KB; cold import median ${ms(wall.median)}, ` +
      `max ${ms(wall.max)} (CPU median ${ms(cpu.median)}, max ${ms(cpu.max)}); ${meeting.length} of ${http.length} within ${BUNDLE_GOAL.kb} KB and ${BUNDLE_GOAL.importMs} ms` +
      (failed.length ? `; ${failed.length} did not build (${failed.join(', ')})` : '') + '.',
  );
};

const latency = async (stack: Stack) => {
  const config = (await (await fetch(`${stack.url}${APP_CONFIG_PATH}`)).json()) as AppConfig;
  const cognito = new CognitoIdentityProviderClient({ endpoint: stack.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, region: config.region });
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-pass-1234';
  await cognito.send(new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: config.userPoolId, Username: email }));
  const auth = await cognito.send(new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const headers = { authorization: `Bearer ${auth.AuthenticationResult!.IdToken}`, 'content-type': 'application/json' };
  for (let i = 0; i < 5; i++) {
    await fetch(`${stack.url}${API_PREFIX}/workspaces`, { method: 'POST', headers, body: JSON.stringify({ name: `Bench ${i}` }) });
  }
  const claims = JSON.parse(Buffer.from(auth.AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString());

  const api = await timeIt(async () => {
    const response = await fetch(`${stack.url}${API_PREFIX}/workspaces`, { headers });
    if (response.status !== 200) throw new Error(`GET /workspaces ${response.status}`);
    await response.json();
  }, REQUESTS);
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' }));
  // The same Query the handler's first step makes, built by the entity (no key format written here).
  const query = offlineService().entities.member.query.byUser({ userId: claims.sub }).params();
  const raw = await timeIt(async () => {
    const result = await doc.send(new QueryCommand({ ...query, TableName: stack.env.TABLE_NAME }));
    if (result.Items?.length !== 5) throw new Error(`raw query saw ${result.Items?.length} items`);
  }, REQUESTS);
  console.log(`\n## GET /workspaces (5 workspaces, ${REQUESTS} sequential requests after 20 warm-up)\n`);
  console.log('| | p50 | p99 |\n|---|---|---|');
  console.log(`| API (gateway + JWT verify + handler: Query + BatchGet) | ${ms(percentile(api, 50))} | ${ms(percentile(api, 99))} |`);
  console.log(`| raw DynamoDB Query (same index, same data) | ${ms(percentile(raw, 50))} | ${ms(percentile(raw, 99))} |`);
  console.log(`| ratio API / raw | ${(percentile(api, 50) / percentile(raw, 50)).toFixed(2)}× | ${(percentile(api, 99) / percentile(raw, 99)).toFixed(2)}× |`);
};

if (PARTS.has('bundles')) {
  progress('bundling every Lambda…');
  await bundles();
}
if (PARTS.has('workspaces') || PARTS.has('tasks') || PARTS.has('kanban') || PARTS.has('lighthouse') || PARTS.has('integrations') || PARTS.has('content') || PARTS.has('imports') || PARTS.has('recordings') || PARTS.has('sync') || PARTS.has('analytics')) {
  // The kanban, Lighthouse and recordings (/play) parts load the built SPA, as `npm start` serves it.
  const buildReason = PARTS.has('kanban') || PARTS.has('lighthouse') || PARTS.has('recordings') || PARTS.has('analytics') ? webBuildReason() : undefined;
  if (buildReason) {
    progress(`building the web app (${buildReason})…`);
    await buildWeb();
  }
  progress('starting the local stack…');
  const stack = await startStack({ port: 0, seed: false });
  try {
    if (PARTS.has('workspaces')) {
      progress('GET /workspaces…');
      await latency(stack);
    }
    if (PARTS.has('tasks')) await taskListBench(stack);
    if (PARTS.has('kanban')) await kanbanBench(stack);
    if (PARTS.has('lighthouse')) await lighthouseBench(stack);
    if (PARTS.has('integrations')) await integrationsBench(stack);
    if (PARTS.has('content')) await contentBench(stack);
    if (PARTS.has('imports')) await importsBench(stack);
    if (PARTS.has('recordings')) await recordingsBench(stack);
    if (PARTS.has('sync')) await syncBench(stack);
    if (PARTS.has('analytics')) await analyticsBench(stack);
  } finally {
    await stack.stop();
  }
}
if (PARTS.has('interactions')) interactionsBench();
if (PARTS.has('ai')) await aiBench();
