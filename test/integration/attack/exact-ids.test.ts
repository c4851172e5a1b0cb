import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { setAt, stringPaths } from '../../support/zod-arbitrary';
import { IGNORED_FIELDS, realisticBodies, type Bodies } from './support/bodies';
import { attackOrder, isSuccess } from './support/matrix';
import { brief, callRoute, fieldName, ID_FIELDS, inputFor, plantIds, type Input } from './support/requests';
import { buildTenants, secretsOf, type Tenant } from './support/world';

/**
 * Finding 6 of issue 8, over every id of every route: an id (path, query or body) sent in the other case is
 * another id, so the call never succeeds and never fails with a 5xx. A tenant of its own, because a call that
 * wrongly succeeds here changes it (a member removed, a workspace deleted), and deletes come last.
 */
let H: Tenant;
let bodies: Bodies;

beforeAll(async () => {
  ({ I: H } = await buildTenants('I'));
  bodies = await realisticBodies(H.admin.token);
}, 180_000);

/** Ids are server-made: upper and lower case are different ids. */
const swapCase = (id: string) => [...id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

describe('ids are exact, never matched in another case', () => {
  const idPaths = (name: RouteName) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      stringPaths(routes[name][part])
        .filter((path) => ID_FIELDS.includes(fieldName(path)) && !(part === 'body' && IGNORED_FIELDS[name]?.includes(fieldName(path))))
        .map((path) => ({ part, path, label: `${part} ${path.join('.')}` })),
    );
  describe.each(attackOrder().filter((name) => idPaths(name).length))('%s', (name) => {
    const route: RouteSpec = routes[name];
    it.each(idPaths(name))('$label in the other case never succeeds', async ({ part, path }) => {
      const base = inputFor(route, H, bodies[name]);
      // The field under test names the tenant's real thing even where the body leaves it out.
      const input = { ...base, [part]: plantIds(route[part], base[part], H, (field) => field === fieldName(path)) } as Input;
      const original = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], input[part]);
      expect(secretsOf(H), `${part} ${path.join('.')} should carry one of the tenant's ids`).toContain(original);
      expect(swapCase(original as string)).not.toBe(original);
      const changed = { ...input, [part]: setAt(input[part], path, swapCase(original as string)) } as Input;
      const answer = await callRoute(route, changed, route.auth === 'public' ? undefined : H.admin.token);
      expect(isSuccess(answer.status), brief(answer)).toBe(false);
      expect(answer.status, brief(answer)).toBeLessThan(500);
    });
  });
});

