// First: the process's Powertools variables, before any function module (and its Metrics) loads.
import './powertools-env';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { AppConfig } from '#shared/app-config';
import { APP_CONFIG_PATH } from '#shared/app-config';
import { jobs as jobTable, type JobSpec } from '#shared/jobs';
import { queues as queueTable, type QueueSpec } from '#shared/queues';
import { API_PREFIX, routeList, routes as routeTable, type RouteSpec } from '#shared/routes';
import { streams as streamTable } from '#shared/streams';
import { isOutboxRecord } from '#data/deliveries';
import { newImageOf } from '#lib/stream-consumer';
import { systemClock } from '#core/clock';
import { handleClockRequest } from './clock';
import { startCognito, type CognitoLocal } from './cognito';
import { codeEmail } from './cognito-emails';
import { startDynamoDb } from './dynamodb';
import { onAccessDenied } from './access-guard';
import { localClientConfig, LOCAL, operatorEnvironment, repoRoot, type Endpoints } from './env';
import { createLocalFunctions, type LocalFunction, type LocalFunctions } from './functions';
import { onUngrantedRead } from './function-scope';
import { createGateway, type GatewayOptions, type HttpHandler } from './gateway';
import { createHandlerLoader, type AnyHandler, type HandlerKind } from './handlers';
import { createTokenVerifier } from './jwt-authorizer';
import { createMailCatcher, handleMailRequest, handleSesRequest, type MailMessage } from './mail';
import { closeServer, HOST, listen } from './net';
import { provisionQueues, provisionTable, type ProvisionedQueue } from './provision';
import { startQueuePoller, type SqsConsumer } from './queue-pollers';
import { startStreamPoller, type StreamConsumer } from './streams';
import { startS3 } from './s3';
import { startScheduler, type JobHandler } from './scheduler';
import { localSecretsKey } from './secrets-key';
import { localVapidKeys } from './push-keys';
import { seedDemo } from './seed';
import { createStaticSpa, createViteSpa, devSpaHeaders, spaHeaders } from './spa';
import { startSqs } from './sqs';
import { startStripeEmulator } from './stripe-emulator';
import { startAiEmulator, type AiEmulator } from './ai-emulator';
import { DEFAULT_AI_TIMEOUT_MS } from '#lib/ai/config';
import { AI_REQUESTS_PER_MINUTE, type PlanId } from '#shared/plans';
import { startFakeProviders, type FakeProviders } from './fakes/server';
import { parseAllowlist } from '#lib/outbound/policy';
import { withoutSdkLogger } from '#lib/clients/sdk-logger';
import { OUTBOUND_ALLOWLIST_ENV } from '#lib/config';

/**
 * A developer's own receivers (e.g. OUTBOUND_ALLOWLIST=127.0.0.1:9000 npm start), read once before the stack
 * writes its own value into this process's environment. A malformed entry stops the start, naming it.
 */
const developerAllowlist = process.env[OUTBOUND_ALLOWLIST_ENV] ?? '';

/**
 * The whole product on 127.0.0.1: emulators (DynamoDB Local, s3rver, local-aws-sqs, cognito-local, SES + mail
 * catcher), the gateway with the route table's handlers in-process, queue pollers, the scheduler and the SPA.
 * Each handler runs as its own function, with only what its entry's `access` grants (functions.ts); the gateway
 * opens its port once everything behind it is ready.
 * Used by `npm start`, the integration tests' global setup and e2e.
 */
export type StackOptions = {
  /** Where state persists (e.g. `.data`); undefined = a fresh throw-away stack (in-memory DynamoDB, temp files). */
  dataDir?: string;
  /** Gateway port; 0 (the default) = a random free one. Emulator ports are always random. */
  port?: number;
  /** Create the demo user and workspace (once per data folder). */
  seed?: boolean;
  /** Serve the SPA through Vite (HMR) instead of web/dist. */
  dev?: boolean;
  /** Log one line per API request. */
  logRequests?: boolean;
  /** Tests may swap the route, job and queue tables (e.g. to take a grant away from one entry). */
  routes?: readonly RouteSpec[];
  jobs?: readonly JobSpec[];
  queues?: readonly QueueSpec[];
  /**
   * Drain the outbox (the table's stream) into the queues; default true. A test turns it off to stand for a
   * process that died between a commit and its hand-off, then starts again on the same data.
   */
  outbox?: boolean;
  /** The local stage's AI settings (tests shorten the timeout or lower the limits). */
  ai?: { timeoutMs?: number; requestsPerMinute?: number; monthlyTokens?: Partial<Record<PlanId, number>>; slowMs?: number };
};

export type Stack = {
  /** The app's origin, e.g. http://127.0.0.1:3000. */
  url: string;
  ports: { gateway: number; dynamodb: number; s3: number; sqs: number };
  /** DynamoDB Local's Java process (the benches read its threads' CPU time). */
  dynamodbPid: number;
  /** The fake providers (Jira, Slack, monday, Google, Atlassian, webhook receiver): their state, failures and record. */
  fakes: FakeProviders;
  /**
   * Every variable any function may get, plus the runtime's (also this process's environment, for tools and
   * tests beside the functions). Each function itself sees only its own share.
   */
  env: Record<string, string>;
  appConfig: AppConfig;
  dataDir: string;
  queues: ProvisionedQueue[];
  mail: { list: () => MailMessage[]; clear: () => void };
  cognito: Pick<CognitoLocal, 'userPoolId' | 'clientId' | 'createConfirmedUser' | 'signIn' | 'call'>;
  /** The AI emulator: its base URL and model, and its fault controls for tests. */
  ai: Pick<AiEmulator, 'baseUrl' | 'model' | 'injectFaults' | 'clearFaults' | 'requests'>;
  /** Stops everything started, in reverse order; safe to call twice. */
  stop: () => Promise<void>;
};

/** The developer page's build: the package's version and the working tree's commit (with "+changes" when dirty). */
const localBuildInfo = () => {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const commit = git('rev-parse', '--short=12', 'HEAD') || 'unknown';
  const dirty = commit !== 'unknown' && git('status', '--porcelain', '--untracked-files=no') !== '';
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return { version, commit: dirty ? `${commit}+changes` : commit, builtAt: new Date().toISOString() };
};

export const startStack = async (options: StackOptions = {}): Promise<Stack> => {
  const persistent = options.dataDir !== undefined;
  const dataDir = persistent ? resolve(options.dataDir!) : mkdtempSync(join(tmpdir(), 'brandslate-stack-'));
  mkdirSync(dataDir, { recursive: true });
  const stoppers: (() => Promise<void>)[] = [];
  const pending: Promise<unknown>[] = [];
  // The database stops last so nothing still running loses it mid-request.
  const lastStoppers: (() => Promise<void>)[] = [];
  const track = <T extends { stop: () => Promise<void> }>(started: Promise<T>, last = false) => {
    const registered = started.then((resource) => ((last ? lastStoppers : stoppers).push(resource.stop), resource));
    pending.push(registered.catch(() => undefined));
    return registered;
  };
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await Promise.allSettled(pending);
      for (const stopOne of [...stoppers.reverse(), ...lastStoppers]) {
        await stopOne().catch((error) => console.error('[local] stop failed', error));
      }
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    })());

  try {
    // DynamoDB Local (a JVM) takes ≈2 s to open; everything else starts meanwhile.
    const dynamoStarting = track(startDynamoDb({ dataDir: persistent ? join(dataDir, 'dynamodb') : undefined }), true);
    const mail = createMailCatcher({ file: persistent ? join(dataDir, 'mail', 'messages.json') : undefined });
    const [s3, sqs, cognito] = await Promise.all([
      track(startS3({ directory: join(dataDir, 's3') })),
      // Messages persist with the data folder: a send a route acknowledged survives a kill (sqs.ts).
      track(startSqs({ journalFile: persistent ? join(dataDir, 'sqs', 'journal.jsonl') : undefined })),
      startCognito({ directory: join(dataDir, 'cognito'), onCode: (message) => void mail.add(codeEmail(message)) }),
    ]);

    const loadHandler = createHandlerLoader();
    const routes = options.routes ?? routeList;
    const routesById = new Map(routes.map((route) => [route.id, route]));
    // Set when the gateway opens its port, which is the last step (see below).
    let url = '';
    let functions: LocalFunctions | undefined;
    /** A handler run as its function: loaded in its init scope, each call one invocation. */
    const loadAs = async <H extends AnyHandler>(kind: HandlerKind, define: (all: LocalFunctions) => LocalFunction, id: string) => {
      if (!functions) throw new Error('The functions are not set up yet');
      const fn = define(functions);
      const handler = await fn.init(() => loadHandler<H>(kind, id));
      return handler && (((event: unknown) => fn.invoke(handler, event)) as unknown as H);
    };
    const appConfig: AppConfig = {
      stage: 'local',
      region: LOCAL.region,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: `${LOCAL.cognitoPath}/`,
      mailCatcherUrl: LOCAL.mailPath,
    };
    const spaOrigins = () => ({ app: url, cognito: url, uploads: s3.endpoint });
    const pageHeaders = () => (options.dev ? devSpaHeaders(spaOrigins()) : spaHeaders(spaOrigins()));
    const gatewayOptions: GatewayOptions = {
      routes,
      apiPrefix: API_PREFIX,
      verifyToken: createTokenVerifier({ userPoolId: cognito.userPoolId, clientId: cognito.clientId, jwk: cognito.jwk }),
      loadHandler: (routeId) => {
        const route = routesById.get(routeId)!;
        return loadAs<HttpHandler>('http', (all) => all.define('http', route.id, route.access), route.id);
      },
      documents: { [APP_CONFIG_PATH]: () => appConfig },
      pageHeaders,
      mounts: [
        {
          prefix: LOCAL.cognitoPath,
          handle: (req, res) => {
            req.url = req.url!.slice(LOCAL.cognitoPath.length) || '/';
            cognito.handle(req, res);
          },
        },
        { prefix: LOCAL.sesPath, handle: (req, res, url) => handleSesRequest(req, res, url.pathname.slice(LOCAL.sesPath.length), mail) },
        { prefix: LOCAL.mailPath, handle: (req, res, url) => void handleMailRequest(req, res, url, mail, LOCAL.mailPath) },
        { prefix: LOCAL.clockPath, handle: (req, res) => handleClockRequest(req, res) },
      ],
      logRequests: options.logRequests,
    };
    const server = createGateway(gatewayOptions);
    stoppers.push(() => closeServer(server));

    // The local Stripe: its API on its own port (the SDK takes host/port/protocol), its checkout pages on the app's
    // origin, its webhooks signed and sent to the webhook route. Keys are random per start.
    const stripeKeys = { secretKey: `sk_test_local_${randomBytes(16).toString('hex')}`, webhookSecret: `whsec_${randomBytes(24).toString('base64')}` };
    const stripe = await startStripeEmulator({
      ...stripeKeys,
      get webhookUrl() {
        return `${url}${API_PREFIX}${routeTable.stripeWebhook.path}`;
      },
      get pagesUrl() {
        return `${url}${LOCAL.stripePath}`;
      },
      clock: systemClock,
      stateFile: persistent ? join(dataDir, 'stripe', 'state.json') : undefined,
    });
    stoppers.push(stripe.stop);
    gatewayOptions.mounts!.push({ prefix: LOCAL.stripePath, handle: (req, res, reqUrl) => stripe.handlePage(req, res, reqUrl.pathname.slice(LOCAL.stripePath.length)) });

    // The AI emulator: an OpenAI-compatible chat API on its own port (the functions' OpenAI adapter is pointed at
    // it, provider `local`); its fault controls also on the app's origin for tests and the developer.
    const aiKey = `sk-local-${randomBytes(16).toString('hex')}`;
    const ai = await startAiEmulator({ apiKey: aiKey, slowMs: options.ai?.slowMs });
    stoppers.push(ai.stop);
    gatewayOptions.mounts!.push({ prefix: LOCAL.aiPath, handle: (req, res, reqUrl) => void ai.handleControl(req, res, reqUrl.pathname.slice(LOCAL.aiPath.length)) });

    // The fake providers: their APIs on their own port (the functions reach it through the outbound allow-list,
    // which names exactly that host:port), their page and control API on the app's origin.
    parseAllowlist(developerAllowlist);
    // Keyed from the data folder's local key, so OAuth connections to the fakes survive a restart.
    const fakes = await startFakeProviders({ key: Buffer.from(localSecretsKey(dataDir), 'base64') });
    stoppers.push(fakes.stop);
    gatewayOptions.mounts!.push({ prefix: LOCAL.integrationsPath, handle: (req, res, reqUrl) => void fakes.handleMount(req, res, reqUrl, LOCAL.integrationsPath) });

    // Integration secrets: the KMS key's local stand-in, kept with the data so a restart opens what was sealed.
    const secretsKey = localSecretsKey(dataDir);
    // Web Push: the VAPID pair, kept with the data so devices subscribed before a restart keep getting pushes.
    const vapid = localVapidKeys(dataDir);

    // The pollers' client: long polls of every queue, without the SDK's log filtering for a no-op logger.
    const sqsClient = withoutSdkLogger(new SQSClient(localClientConfig(sqs.endpoint)));
    stoppers.push(async () => sqsClient.destroy());
    const queues = await provisionQueues(sqsClient, options.queues ?? queueTable);
    const restored = await sqs.restore();
    if (restored) console.log(`[local] ${restored} queued message(s) from the previous run sent again`);
    const dynamo = await dynamoStarting;

    const dynamoClient = new DynamoDBClient(localClientConfig(dynamo.endpoint));
    await provisionTable(dynamoClient, LOCAL.tableName);
    dynamoClient.destroy();

    const spa = options.dev
      ? await createViteSpa(server, join(repoRoot, 'web', 'vite.config.ts'), pageHeaders)
      : createStaticSpa(join(repoRoot, 'web', 'dist'), pageHeaders);
    stoppers.push(spa.close);
    gatewayOptions.fallback = spa.handle;

    const buildInfo = localBuildInfo();
    const endpointsAt = (gateway: string): Endpoints => ({
      gateway,
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      sqs: sqs.endpoint,
      queueUrls: Object.fromEntries(queues.map((queue) => [queue.spec.id, queue.url])),
      deadLetterQueueUrls: Object.fromEntries(queues.map((queue) => [queue.spec.id, queue.dlqUrl])),
      stripe: { apiUrl: stripe.apiUrl, ...stripeKeys },
      secrets: { localKey: secretsKey },
      push: vapid,
      build: buildInfo,
      ai: {
        baseUrl: ai.baseUrl,
        apiKey: aiKey,
        model: ai.model,
        timeoutMs: options.ai?.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS,
        requestsPerMinute: options.ai?.requestsPerMinute ?? AI_REQUESTS_PER_MINUTE,
        monthlyTokens: options.ai?.monthlyTokens ? JSON.stringify(options.ai.monthlyTokens) : undefined,
      },
      providers: {
        urls: fakes.urls,
        oauthClients: fakes.oauthClients,
        outboundAllowlist: [fakes.host, developerAllowlist].filter(Boolean).join(','),
      },
    });
    // Prepared before the port opens: nothing async may run between opening the port and setting the functions
    // up, so that no request reaches a handler whose environment is not there yet.
    const setUpFunctions = createLocalFunctions();
    // The gateway opens its port last, when everything it serves is ready. The functions' environment holds the
    // gateway's own URL (links in emails, the SES and Cognito endpoints), so it is set right after the port opens,
    // synchronously: the first connection is read on a later turn of the event loop.
    const gatewayPort = await listen(server, options.port ?? 0);
    url = `http://${HOST}:${gatewayPort}`;
    const endpoints = endpointsAt(url);
    const env = operatorEnvironment(endpoints);
    Object.assign(process.env, env);
    functions = setUpFunctions(endpoints);
    const stopLoggingDenials = onAccessDenied((name, denial) => console.warn(`[local] ${name}: ${denial.name}: ${denial.message}`));
    const warned = new Set<string>();
    const stopLoggingReads = onUngrantedRead((name, variable) => {
      if (warned.has(`${name} ${variable}`)) return;
      warned.add(`${name} ${variable}`);
      console.warn(`[local] ${name} read ${variable}, which its access entry does not give it (undefined, as in AWS)`);
    });
    stoppers.push(async () => (stopLoggingDenials(), stopLoggingReads()));

    for (const queue of queues) {
      const poller = startQueuePoller({
        client: sqsClient,
        queue: { id: queue.spec.id, url: queue.url, arn: queue.arn, batchSize: queue.spec.batchSize, maximumConcurrency: queue.spec.maximumConcurrency },
        loadConsumer: () => loadAs<SqsConsumer>('queues', (all) => all.define('queue', queue.spec.id, queue.spec.access), queue.spec.id),
      });
      stoppers.push(poller.stop);
    }
    if (options.outbox !== false) {
      const streamsClient = new DynamoDBStreamsClient(localClientConfig(dynamo.endpoint));
      const describeClient = new DynamoDBClient(localClientConfig(dynamo.endpoint));
      for (const spec of streamTable) {
        const poller = startStreamPoller({
          dynamo: describeClient,
          streams: streamsClient,
          tableName: LOCAL.tableName,
          filter: (record) => isOutboxRecord(record.eventName, newImageOf(record)),
          loadConsumer: () => loadAs<StreamConsumer>('streams', (all) => all.define('stream', spec.id, spec.access), spec.id),
          checkpointFile: persistent ? join(dataDir, 'streams', `${spec.id}.json`) : undefined,
        });
        stoppers.push(poller.stop);
      }
      stoppers.push(async () => (streamsClient.destroy(), describeClient.destroy()));
    }
    const scheduler = startScheduler({
      jobs: options.jobs ?? jobTable,
      loadJob: (id) => {
        const job = (options.jobs ?? jobTable).find((spec) => spec.id === id)!;
        return loadAs<JobHandler>('jobs', (all) => all.define('job', job.id, job.access), job.id);
      },
    });
    stoppers.push(scheduler.stop);

    if (options.seed) await seedDemo({ url, cognito, markerFile: join(dataDir, 'seed.json') });

    return {
      url,
      ports: { gateway: gatewayPort, dynamodb: dynamo.port, s3: s3.port, sqs: sqs.port },
      dynamodbPid: dynamo.pid,
      fakes,
      env,
      appConfig,
      dataDir,
      queues,
      mail: { list: mail.list, clear: mail.clear },
      cognito: {
        userPoolId: cognito.userPoolId,
        clientId: cognito.clientId,
        createConfirmedUser: cognito.createConfirmedUser,
        signIn: cognito.signIn,
        call: cognito.call,
      },
      ai: { baseUrl: ai.baseUrl, model: ai.model, injectFaults: ai.injectFaults, clearFaults: ai.clearFaults, requests: ai.requests },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
