import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes, type RouteName, type RouteSpec } from '#shared/routes';
import { hostileArbitrary, LONE_SURROGATE, schemaAt, setAt, stringPaths, validArbitrary, validSample } from '../../support/zod-arbitrary';
import { asReceived, encodeLoose, queryOf } from './support/requests';

/**
 * The attacker suite's own tools, checked against every schema of the route table, so a suite that passes is not
 * one whose generators quietly stopped producing what they claim: valid samples are valid, hostile ones mostly
 * are not, every string field is found, and requests are encoded the way the suite assumes the server reads them.
 */
const names = Object.keys(routes) as RouteName[];
const parts = ['params', 'query', 'body'] as const;

describe.each(names)('%s', (name) => {
  const route: RouteSpec = routes[name];

  it.each(parts)('%s: a valid sample is accepted by its schema, and most hostile samples are refused', (part) => {
    const schema = route[part];
    expect(schema.safeParse(validSample(schema)).success).toBe(true);
    const valid = fc.sample(validArbitrary(schema), { seed: 7, numRuns: 30 });
    expect(valid.filter((value) => schema.safeParse(value).success).length).toBeGreaterThanOrEqual(20);
    const hasFields = stringPaths(schema).length > 0;
    if (hasFields) {
      const hostile = fc.sample(hostileArbitrary(schema), { seed: 7, numRuns: 40 });
      expect(hostile.filter((value) => !schema.safeParse(value).success).length).toBeGreaterThanOrEqual(12);
    }
  });

  it.each(parts)('%s: each string field found is a string in a valid value, and a lone surrogate can be put there', (part) => {
    const schema = route[part];
    for (const path of stringPaths(schema)) {
      const leaf = schemaAt(schema, path);
      expect(leaf.safeParse(validSample(leaf)).success, path.join('.')).toBe(true);
      const broken = setAt(validSample(schema), path, `a${LONE_SURROGATE}`);
      const at = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], broken);
      expect(at, path.join('.')).toBe(`a${LONE_SURROGATE}`);
    }
  });
});

describe('request encoding', () => {
  it('sends a lone surrogate as its generalized UTF-8 bytes, which do not decode', () => {
    expect(encodeLoose(`a${LONE_SURROGATE}/b`)).toBe('a%ED%A0%80%2Fb');
    expect(() => decodeURIComponent(encodeLoose(LONE_SURROGATE))).toThrow(URIError);
    expect(decodeURIComponent(encodeLoose('é 🦄?&='))).toBe('é 🦄?&=');
  });

  it('reads path and query as the gateway does: undecodable path values kept raw, repeated names joined, odd queries as text', () => {
    const route = routes.getTask as RouteSpec;
    const received = asReceived(route, { params: { id: `x${LONE_SURROGATE}` }, query: { workspaceId: ['a', 'b'] }, body: { ignored: true } });
    expect(received).toEqual({ params: { id: 'x%ED%A0%80' }, query: { workspaceId: 'a,b' }, body: {} });
    expect(queryOf('x'.repeat(5))).toBe('?xxxxx');
    expect(queryOf({ constructor: 'c', __proto__: 'p' })).toBe('?constructor=c');
  });
});
