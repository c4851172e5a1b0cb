import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { LONE_SURROGATE, setAt, stringPaths } from '../../support/zod-arbitrary';
import { realisticBodies, type Bodies } from './support/bodies';
import { attackOrder } from './support/matrix';
import { brief, callRoute, holdsLoneSurrogate, inputFor, type Input } from './support/requests';
import { verdict } from './support/verdict';
import { buildTenants, type Tenant } from './support/world';

/**
 * WELL-FORMED UNICODE. Every string a client sends, in every route's body, path and query (found by walking the
 * route's schemas), is given a lone surrogate inside an otherwise valid request aimed at the tenant's real things.
 * JSON can carry one (`"\ud800"`), so a body field must be refused with a 400 naming exactly that field: never a
 * 5xx, never stored. A URL cannot carry one: it is sent as the bytes a careless client would send (%ED%A0%80); a
 * path id must then be refused naming the parameter, and a query value (which URL decoding turns into U+FFFD)
 * must at least never reach a 5xx or come back as a lone surrogate.
 */
let T: Tenant;
let bodies: Bodies;

beforeAll(async () => {
  ({ U: T } = await buildTenants('U'));
  bodies = await realisticBodies(T.admin.token);
}, 180_000);

type Part = 'params' | 'query' | 'body';
const sendsBody = (route: RouteSpec) => route.method !== 'GET' && route.method !== 'DELETE';
const cases = (route: RouteSpec) =>
  (['params', 'query', 'body'] as const)
    .filter((part) => part !== 'body' || sendsBody(route))
    .flatMap((part) => stringPaths(route[part]).map((path) => ({ part, path, label: `${part} ${path.join('.')}` })));

/** The valid input with a lone surrogate appended to the string at `path` (made where absent). */
const withSurrogate = (input: Input, part: Part, path: (string | number)[]): Input => {
  const current = path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), input[part]);
  const value = `${typeof current === 'string' ? current : 'Business'}${LONE_SURROGATE}`;
  return { ...input, [part]: setAt(input[part], path, value) } as Input;
};

describe.each(attackOrder().filter((name) => cases(routes[name]).length))('%s', (name: RouteName) => {
  const route: RouteSpec = routes[name];

  it.each(cases(route))('$label with a lone surrogate', async ({ part, path }) => {
    const input = withSurrogate(inputFor(route, T, bodies[name]), part, path);
    const answer = await callRoute(route, input, route.auth === 'public' ? undefined : T.admin.token);
    expect(verdict(route, input, answer)).toEqual([]);
    expect(holdsLoneSurrogate(answer.body), brief(answer)).toBe(false);
    if (part === 'body') {
      expect(answer.status, brief(answer)).toBe(400);
      expect((answer.body as { field?: string }).field, brief(answer)).toBe(path.join('.'));
    }
    if (part === 'params') {
      expect(answer.status, brief(answer)).toBe(400);
      expect((answer.body as { field?: string }).field, brief(answer)).toBe(path.join('.'));
    }
  });
});
