import { randomUUID } from 'node:crypto';
import { InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';
import { accessEnvironment, type FunctionAccess } from '#shared/access';
import { tableSpec } from '#data/table-spec';
import { metricsNamespace, POWERTOOLS_SERVICE } from '../infra/monitoring/powertools';
import { installAccessGuard } from './access-guard';
import { policyFor } from './access-policy';
import { everyGrant, functionEnvSources, LOCAL, type Endpoints } from './env';
import { installEnvironmentView, runAsFunction, type FunctionScope } from './function-scope';
import { installInvokeStore } from './invoke-store';

/**
 * The functions of the local stack, each run as its own Lambda would be: with its own environment (derived from
 * its access entry by the function CDK uses), refused by the access guard what its role would not allow, and
 * each invocation inside Lambda's InvokeStore with its request id, so per-invocation state (Powertools' logger
 * keys) stays with its request while many run at once in this process.
 */
export type FunctionKind = 'http' | 'queue' | 'job' | 'stream';

export type LocalFunction = {
  name: string;
  access: FunctionAccess;
  /** Runs `fn` as this function outside any invocation (module loading: Lambda's init phase). */
  init: <T>(fn: () => T) => T;
  /** One invocation of `handler` with `event` and a Lambda context. */
  invoke: <R>(handler: (event: never, context: Context) => Promise<R>, event: unknown) => Promise<R>;
};

const MAX_CONCURRENCY_ENV = 'AWS_LAMBDA_MAX_CONCURRENCY';

/** Physical names as CDK gives them: `<prefix>-<kind>-<id>`. */
export const LOCAL_FUNCTION_PREFIX = 'brandslate-local';

/**
 * The remaining time a context reports. Not enforced (nothing here kills a slow handler); long enough that
 * middy's early-timeout never fires while a developer sits in a debugger.
 */
const REPORTED_TIMEOUT_MS = 15 * 60_000;

const lambdaContext = (functionName: string, awsRequestId: string): Context => {
  const deadline = Date.now() + REPORTED_TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL.region}:${LOCAL.accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${functionName}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

export type LocalFunctions = { define: (kind: FunctionKind, id: string, access: FunctionAccess) => LocalFunction };

/**
 * Prepares the process (environment view, access guard, InvokeStore) and answers a synchronous setup for the
 * stack's endpoints. The process's own environment must hold `operatorEnvironment(endpoints)` (the stack sets it).
 */
export const createLocalFunctions = (): ((endpoints: Endpoints) => LocalFunctions) => {
  installEnvironmentView();
  installAccessGuard();
  const store = installInvokeStore();
  return (endpoints) => localFunctions(endpoints, store);
};

const localFunctions = (endpoints: Endpoints, store: InvokeStoreBase): LocalFunctions => {
  const sources = functionEnvSources(endpoints);
  const scopedNames = new Set(Object.keys(accessEnvironment(everyGrant(endpoints), sources)));
  const resources = {
    tableName: LOCAL.tableName,
    indexNames: Object.keys(tableSpec.indexes),
    queueUrls: endpoints.queueUrls,
    deadLetterQueueUrls: endpoints.deadLetterQueueUrls,
    bucketName: LOCAL.bucketName,
    emailIdentity: LOCAL.emailFrom,
  };
  const stripeOrigin = new URL(endpoints.stripe.apiUrl).host;
  const defined = new Map<string, LocalFunction>();

  const define = (kind: FunctionKind, id: string, access: FunctionAccess): LocalFunction => {
    const name = `${LOCAL_FUNCTION_PREFIX}-${kind}-${id}`;
    const existing = defined.get(name);
    if (existing) return existing;
    // Invocations of many functions run concurrently in this one process: Lambda's flag for that makes Powertools
    // keep its per-invocation state (logger keys, metrics) in the InvokeStore, which is async-context based here.
    // A function's variable, not the process's: tools and test workers given the stack's environment have no store.
    // Service and metrics namespace as CDK sets them; the log level stays the process's (tests keep it silent).
    const env = {
      ...accessEnvironment(access, sources),
      POWERTOOLS_SERVICE_NAME: POWERTOOLS_SERVICE,
      POWERTOOLS_METRICS_NAMESPACE: metricsNamespace({ stage: 'local' }),
      AWS_LAMBDA_FUNCTION_NAME: name,
      [MAX_CONCURRENCY_ENV]: '64',
    };
    const policy = policyFor(access, resources);
    const deniedOrigins = access.stripe ? [] : [stripeOrigin];
    const scope = (): FunctionScope => ({ name, access, policy, env: { ...env }, scopedNames, deniedOrigins });
    const fn: LocalFunction = {
      name,
      access,
      init: (run) => runAsFunction(scope(), run),
      invoke: async (handler, event) => {
        const requestId = randomUUID();
        return runAsFunction(scope(), () =>
          store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, async () => handler(event as never, lambdaContext(name, requestId))),
        );
      },
    };
    defined.set(name, fn);
    return fn;
  };
  return { define };
};
