import { routes, type HttpMethod, type RouteName } from '#shared/routes';

/**
 * The order the attack suite walks the route table in: reads and writes first, deletes last, and among deletes the
 * deeper paths first (a comment before its task, everything before its workspace), so a delete that wrongly
 * succeeds spoils as little of what the later cases aim at.
 */
export const attackOrder = (): RouteName[] => {
  const names = Object.keys(routes) as RouteName[];
  const rank = (name: RouteName) => (routes[name].method === 'DELETE' ? 1 : 0);
  const depth = (name: RouteName) => routes[name].path.split('/').length;
  return names
    .map((name, index) => ({ name, index }))
    .sort((a, b) => rank(a.name) - rank(b.name) || (rank(a.name) ? depth(b.name) - depth(a.name) : 0) || a.index - b.index)
    .map((entry) => entry.name);
};

export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A route path as a pattern over concrete paths ({param} is one segment). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Each path of the route table with the methods no route serves on it (a literal segment may also fit another
 * route's {param}: `/workspaces/x/users/all` is `users/{userId}` to PATCH), and one route on that path to fill
 * it from. `concrete` turns the route's path into the one actually sent.
 */
export const unservedMethods = (concrete: (name: RouteName) => string) => {
  const names = Object.keys(routes) as RouteName[];
  const byPath = new Map<string, RouteName>();
  for (const name of names) if (!byPath.has(routes[name].path)) byPath.set(routes[name].path, name);
  return [...byPath.values()].flatMap((name) => {
    const path = concrete(name);
    const served = new Set(names.filter((other) => patternOf(routes[other].path).test(path)).map((other) => routes[other].method));
    return METHODS.filter((method) => !served.has(method)).map((method) => ({ name, method }));
  });
};

export const isSuccess = (status: number) => status >= 200 && status < 300;
