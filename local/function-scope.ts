import { AsyncLocalStorage } from 'node:async_hooks';
import type { FunctionAccess } from '#shared/access';
import type { PolicyStatement } from './access-policy';

/**
 * Which function the current code runs as. In AWS each function is its own process with its own environment and
 * role; here every handler shares one process, so the identity travels with the async context instead: an
 * invocation runs inside `runAsFunction`, `process.env` answers from that function's own variables, and the
 * access guard (access-guard.ts) refuses what its policy does not allow. Code outside any function (the stack
 * itself, its pollers, scripts) sees the process's own environment and is not guarded.
 */
export type FunctionScope = {
  /** The physical name, as CDK names the Lambda (e.g. brandslate-local-http-create-invite). */
  name: string;
  access: FunctionAccess;
  /** What IAM would allow it (derived from `access`). */
  policy: readonly PolicyStatement[];
  /** Its own variables, this invocation's copy (writes stay in it; `undefined` marks a deleted one). */
  env: Record<string, string | undefined>;
  /** Variables some function may hold: never read through from the process's environment. */
  scopedNames: ReadonlySet<string>;
  /** host:port origins it may not reach (the Stripe API when its access has no `stripe`). */
  deniedOrigins: readonly string[];
};

/** Told when a function reads a variable some function may hold but its own access does not give it. */
export type UngrantedReadListener = (functionName: string, variable: string) => void;

type Shared = { scopes: AsyncLocalStorage<FunctionScope>; base?: NodeJS.ProcessEnv; listeners: Set<UngrantedReadListener> };

// One per process even if this module is loaded twice (test runners may), so every copy sees the same scope.
const shared: Shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('brandslate.local.functionScope')] ??= {
  scopes: new AsyncLocalStorage<FunctionScope>(),
  listeners: new Set<UngrantedReadListener>(),
}) as Shared;

/**
 * Calls `listener` when a function reads a variable its access does not give it (a queue URL without the queue,
 * the Stripe keys without `stripe`): the read answers undefined as in AWS, and the stack says which grant is
 * missing. Returns the unsubscribe.
 */
export const onUngrantedRead = (listener: UngrantedReadListener) => {
  shared.listeners.add(listener);
  return () => void shared.listeners.delete(listener);
};

export const currentFunction = (): FunctionScope | undefined => shared.scopes.getStore();

export const runAsFunction = <T>(scope: FunctionScope, fn: () => T): T => shared.scopes.run(scope, fn);

/** The value `process.env[name]` has for `scope`. */
const scopedValue = (scope: FunctionScope, base: NodeJS.ProcessEnv, name: string) => {
  if (Object.hasOwn(scope.env, name)) return scope.env[name];
  if (!scope.scopedNames.has(name)) return base[name];
  for (const listener of shared.listeners) listener(scope.name, name);
  return undefined;
};

const visibleNames = (scope: FunctionScope, base: NodeJS.ProcessEnv) => {
  const names = new Set(Object.keys(base).filter((name) => !scope.scopedNames.has(name)));
  for (const [name, value] of Object.entries(scope.env)) {
    if (value === undefined) names.delete(name);
    else names.add(name);
  }
  return [...names];
};

/**
 * Makes `process.env` a view: inside a function it answers with that function's variables (over the process's
 * own, minus any other function's), outside with the process's environment. Installed once per process.
 */
export const installEnvironmentView = () => {
  if (shared.base) return;
  const base = process.env;
  shared.base = base;
  const view = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, name) => {
      const scope = currentFunction();
      if (typeof name !== 'string' || !scope) return Reflect.get(base, name);
      return scopedValue(scope, base, name);
    },
    set: (_, name, value) => {
      const scope = currentFunction();
      // Like the real process.env, values are stored as strings.
      if (typeof name === 'string' && scope) scope.env[name] = String(value);
      else Reflect.set(base, name, typeof name === 'string' ? String(value) : value);
      return true;
    },
    deleteProperty: (_, name) => {
      const scope = currentFunction();
      if (typeof name === 'string' && scope) scope.env[name] = undefined;
      else Reflect.deleteProperty(base, name);
      return true;
    },
    has: (_, name) => {
      const scope = currentFunction();
      if (typeof name !== 'string' || !scope) return Reflect.has(base, name);
      return scopedValue(scope, base, name) !== undefined;
    },
    ownKeys: () => {
      const scope = currentFunction();
      return scope ? visibleNames(scope, base) : Reflect.ownKeys(base);
    },
    getOwnPropertyDescriptor: (_, name) => {
      const scope = currentFunction();
      const value = typeof name === 'string' && scope ? scopedValue(scope, base, name) : Reflect.get(base, name);
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
  });
  process.env = view;
};
