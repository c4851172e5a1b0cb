import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { attackArbitrary } from '../../support/zod-arbitrary';
import { realisticBodies, type Bodies } from './support/bodies';
import { attackOrder } from './support/matrix';
import { callRoute, inputFor, pathOf, plantIdsWhereValid, queryOf, send, type Input } from './support/requests';
import { verdict } from './support/verdict';
import { buildTenants, type Tenant } from './support/world';

/**
 * BODIES FUZZED FROM EACH ROUTE'S ZOD SCHEMA. For every route of the route table, inputs drawn from its own
 * params, query and body schemas (test/support/zod-arbitrary.ts: mostly broken values, some valid ones with the
 * tenant's real ids so they go deep) are sent as the tenant's admin (public routes: signed out); then raw bodies
 * no schema describes (bad JSON, deep nesting, odd types and encodings). Every answer must pass `verdict`: never a
 * 5xx, a 400 names a field, input the schemas refuse gets a 400. Bounded and repeatable: a fixed seed per route
 * (ATTACK_SEED) and ATTACK_RUNS runs each; raise them locally to dig deeper.
 */
const SEED = Number(process.env.ATTACK_SEED ?? 20_261_123);
const RUNS = Number(process.env.ATTACK_RUNS ?? 14);

let T: Tenant;
let bodies: Bodies;

beforeAll(async () => {
  ({ F: T } = await buildTenants('F'));
  bodies = await realisticBodies(T.admin.token);
}, 180_000);

/** A route's own seed, so adding a route never changes what the others are sent. */
const seedOf = (id: string) => [...id].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0, SEED >>> 0);

const hasBody = (route: RouteSpec) => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';

/** Request bodies that are not values of any schema: broken or odd JSON text, odd bytes and types, too much of it. */
const RAW_BODIES: { name: string; body: string | Uint8Array<ArrayBuffer>; contentType?: string }[] = [
  { name: 'truncated JSON', body: '{"name":' },
  { name: 'not JSON', body: 'name=x&role=admin' },
  { name: 'JSON null', body: 'null' },
  { name: 'a JSON array', body: '[]' },
  { name: 'a JSON string', body: '"text"' },
  { name: 'a JSON number', body: '1e999' },
  { name: 'trailing garbage', body: '{}}' },
  { name: 'a byte-order mark first', body: '\ufeff{}' },
  { name: '10,000 nested arrays', body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { name: 'a field of 5,000 nested objects', body: `{"x":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}` },
  { name: 'a __proto__ key', body: '{"__proto__":{"role":"admin","isAdmin":true}}' },
  { name: 'duplicate keys', body: '{"name":"a","name":{"$ne":null}}' },
  { name: 'invalid UTF-8 bytes', body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]) },
  { name: 'a NUL byte in the text', body: '{"name":"a\u0000b"}' },
  { name: 'JSON as text/plain', body: '{}', contentType: 'text/plain' },
  { name: 'JSON as octet-stream', body: '{}', contentType: 'application/octet-stream' },
  { name: 'JSON declared UTF-16', body: '{}', contentType: 'application/json; charset=utf-16' },
  { name: 'a 1 MB string', body: JSON.stringify({ name: 'x'.repeat(1_000_000), text: 'x' }) },
];

describe.each(attackOrder())('%s', (name: RouteName) => {
  const route: RouteSpec = routes[name];
  const token = () => (route.auth === 'public' ? undefined : T.admin.token);

  it(`${RUNS} inputs from its schemas: never a 5xx, a 400 names a field, what the schemas refuse is a 400`, async () => {
    const real = inputFor(route, T, bodies[name]);
    const inputs: Input[] = fc.sample(
      fc.record({
        params: fc.oneof({ weight: 3, arbitrary: fc.constant(real.params) }, { weight: 1, arbitrary: attackArbitrary(route.params) }),
        query: fc.oneof({ weight: 1, arbitrary: fc.constant(real.query) }, { weight: 2, arbitrary: attackArbitrary(route.query).map((q) => plantIdsWhereValid(route.query, q, T)) }),
        body: attackArbitrary(route.body).map((b) => plantIdsWhereValid(route.body, b, T)),
      }) as fc.Arbitrary<Input>,
      { seed: seedOf(route.id), numRuns: RUNS },
    );
    const problems: string[] = [];
    for (const input of inputs) {
      const answer = await callRoute(route, input, token());
      for (const problem of verdict(route, input, answer)) problems.push(`${problem}\n    sent ${JSON.stringify(input).slice(0, 1000)}`);
    }
    expect(problems).toEqual([]);
  });

  if (hasBody(route)) {
    it('raw bodies no schema describes: never a 5xx, a 400 names a field', async () => {
      const real = inputFor(route, T, bodies[name]);
      const problems: string[] = [];
      for (const raw of RAW_BODIES) {
        const answer = await send({
          method: route.method,
          url: pathOf(route, real.params) + queryOf(real.query),
          authorization: token() && `Bearer ${token()}`,
          body: raw.body,
          headers: raw.contentType ? { 'content-type': raw.contentType } : undefined,
        });
        const sent = { ...real, body: raw.body };
        // What the server made of the bytes is unknowable here; only the rules that hold for any input apply.
        const found = verdict(route, sent, answer).filter((problem) => !problem.startsWith('input the schemas refuse'));
        for (const problem of found) problems.push(`${raw.name}: ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
