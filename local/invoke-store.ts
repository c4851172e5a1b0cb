import { AsyncLocalStorage } from 'node:async_hooks';
import { InvokeStoreBase } from '@aws/lambda-invoke-store';

type InvocationContext = Record<string | symbol, unknown>;

/**
 * Lambda's per-invocation store as the runtime sets it up for concurrent invocations: one context per
 * invocation, carried by async context. Powertools keeps its per-invocation state here (logger keys, metrics and
 * their dimensions) when AWS_LAMBDA_MAX_CONCURRENCY is set.
 *
 * The local stack installs its own rather than asking `InvokeStore.getInstanceAsync(true)`: that call answers the
 * first instance anyone asked for, and the AWS SDK asks (without `true`) on its first request, which on the local
 * stack comes first (provisioning the table). It then gets the single-invocation store, and concurrent requests
 * overwrite each other's context: one request's metrics were published with another's route.
 */
export class ConcurrentInvokeStore extends InvokeStoreBase {
  readonly #contexts = new AsyncLocalStorage<InvocationContext>();

  getContext() {
    return this.#contexts.getStore();
  }

  hasContext() {
    return this.#contexts.getStore() !== undefined;
  }

  get<T = unknown>(key: string | symbol): T | undefined {
    return this.#contexts.getStore()?.[key] as T | undefined;
  }

  set<T = unknown>(key: string | symbol, value: T): void {
    if (this.isProtectedKey(key)) throw new Error(`Cannot modify protected Lambda context field: ${String(key)}`);
    const context = this.#contexts.getStore();
    if (!context) throw new Error('No context available');
    context[key] = value;
  }

  run<T>(context: InvocationContext, fn: () => T): T {
    return this.#contexts.run(context, fn);
  }
}

/**
 * Installs the concurrent store where Lambda's runtime puts it (`globalThis.awslambda.InvokeStore`), once per
 * process: every stack started in it shares the store, as Powertools reads it from there on each access.
 */
export const installInvokeStore = (): ConcurrentInvokeStore => {
  const lambda = ((globalThis as { awslambda?: { InvokeStore?: unknown } }).awslambda ??= {});
  if (!(lambda.InvokeStore instanceof ConcurrentInvokeStore)) lambda.InvokeStore = new ConcurrentInvokeStore();
  return lambda.InvokeStore as ConcurrentInvokeStore;
};
