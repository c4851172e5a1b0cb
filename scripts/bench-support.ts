import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import { API_PREFIX, routes, type RouteBody, type RouteName, type RouteParams, type RouteResponse, type Routes } from '#shared/routes';
import { pathToFileURL } from 'node:url';
import { startStack, type Stack } from '../local/stack';
import { buildWeb, webBuildReason } from '../local/web-build';
import { mulberry32 } from '../local/random';
import { dynamo } from '#lib/clients/dynamo';

/** What the bench's parts share: statistics, a timing loop, people, and calls to the route table. */

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const ms = (x: number) => `${x.toFixed(2)} ms`;
export const progress = (message: string) => console.error(`[bench] ${message}`);

/** `runs` sequential timed calls after `warmUp` untimed ones. */
export const timeIt = async (fn: () => Promise<unknown>, runs: number, warmUp = 20) => {
  for (let i = 0; i < warmUp; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
};

export type Person = { email: string; password: string; token: string; uid: string };

/** A confirmed user of the stack's Cognito, signed in. */
export const person = async (stack: Stack, email: string, password = 'Bench-pass-1234'): Promise<Person> => {
  const { sub } = await stack.cognito.createConfirmedUser(email, password);
  const { IdToken } = await stack.cognito.signIn(email, password);
  return { email, password, token: IdToken!, uid: sub };
};

type CallInput<N extends RouteName> = {
  params?: RouteParams<Routes[N]>;
  query?: Record<string, string>;
  body?: RouteBody<Routes[N]>;
};

export const routeUrl = <N extends RouteName>(stack: Stack, name: N, input: Pick<CallInput<N>, 'params' | 'query'> = {}) => {
  const path = routes[name].path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(String((input.params as Record<string, unknown>)[key])));
  const search = input.query && Object.keys(input.query).length ? `?${new URLSearchParams(input.query)}` : '';
  return `${stack.url}${API_PREFIX}${path}${search}`;
};

/** One route of the table as `who`; throws with the answer's body unless it is 2xx. */
export const call = async <N extends RouteName>(stack: Stack, who: Person, name: N, input: CallInput<N> = {}): Promise<RouteResponse<Routes[N]>> => {
  const response = await fetch(routeUrl(stack, name, input), {
    method: routes[name].method,
    headers: { authorization: `Bearer ${who.token}`, ...(input.body ? { 'content-type': 'application/json' } : {}) },
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as RouteResponse<Routes[N]>;
};

/** A deterministic pseudo-random source (mulberry32), so every run seeds the same data. */
export const randomSource = (seed: number) => {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  /** One of the keys, each as likely as its weight. */
  const weighted = <K extends string>(weights: Readonly<Record<K, number>>): K => {
    const total = Object.values<number>(weights).reduce((a, b) => a + b, 0);
    let roll = next() * total;
    for (const [key, weight] of Object.entries<number>(weights)) {
      roll -= weight;
      if (roll < 0) return key as K;
    }
    return Object.keys(weights)[0] as K;
  };
  return { next, pick, weighted };
};

/**
 * Runs one bench part on its own (`node --import tsx scripts/bench-<part>.ts`) when `moduleUrl` is the script
 * started: the web app built first when the part opens pages, then a local stack of its own.
 */
export const runAlone = async (moduleUrl: string, bench: (stack: Stack) => Promise<unknown>, options: { web?: boolean } = {}) => {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const reason = options.web ? webBuildReason() : undefined;
  if (reason) {
    progress(`building the web app (${reason})…`);
    await buildWeb();
  }
  progress('starting the local stack…');
  const stack = await startStack({ port: 0, seed: false });
  try {
    await bench(stack);
  } finally {
    await stack.stop();
  }
};

/**
 * Counts the DynamoDB requests the in-process handlers send: a middleware on the functions' shared document
 * client (the bench runs the local stack in this process, so it is the same module instance).
 */
export const countRequests = () => {
  let sent: string[] = [];
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName ?? 'unknown').replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCounter', override: true },
  );
  return {
    during: async (fn: () => Promise<unknown>) => {
      sent = [];
      await fn();
      return [...sent];
    },
  };
};

/** "3 (1 TransactGetItems, 2 Query)": how many requests, by command. */
export const describeRequests = (sent: string[]) => {
  const byCommand = new Map<string, number>();
  for (const name of sent) byCommand.set(name, (byCommand.get(name) ?? 0) + 1);
  return `${sent.length} (${[...byCommand].map(([name, n]) => `${n} ${name}`).join(', ')})`;
};

/**
 * CPU seconds the stack's two processes have spent so far: DynamoDB Local's whole Java process and its one SQLite
 * thread, through which the SQLite work of every table goes (so its busy share says how near the database is to
 * its ceiling); and this Node process, which runs the rest of the stack, its consumers and the bench on one thread.
 */
export const stackCpu = (stack: Stack) => {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  };
  const dir = `/proc/${stack.dynamodbPid}/task`;
  const sqlite = readdirSync(dir).find((tid) => readFileSync(`${dir}/${tid}/comm`, 'utf8').startsWith('SQLiteQueue'));
  const node = process.cpuUsage();
  return {
    process: ticks(readFileSync(`/proc/${stack.dynamodbPid}/stat`, 'utf8')),
    sqlite: sqlite ? ticks(readFileSync(`${dir}/${sqlite}/stat`, 'utf8')) : Number.NaN,
    node: (node.user + node.system) / 1e6,
  };
};
/** Linux's USER_HZ: /proc reports CPU time in these. */
const CLOCK_TICKS = 100;

/** "DynamoDB Local's SQLite thread busy 41.2 of 45.0 s (92 %), Java 58.3 s of CPU; Node 44.0 s": what each process spent between two stackCpu readings. */
export const describeStackCpu = (before: ReturnType<typeof stackCpu>, after: ReturnType<typeof stackCpu>, wallSeconds: number) => {
  const sqlite = after.sqlite - before.sqlite;
  return `DynamoDB Local's SQLite thread busy ${sqlite.toFixed(1)} of ${wallSeconds.toFixed(1)} s (${((100 * sqlite) / wallSeconds).toFixed(0)} %), Java ${(after.process - before.process).toFixed(1)} s of CPU; Node (the rest of the stack, its consumers and this bench) ${(after.node - before.node).toFixed(1)} s`;
};
