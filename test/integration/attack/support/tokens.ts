import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Tokens an attacker can make. The local user pool signs with cognito-local's published key pair; with it the
 * suite signs tokens whose only fault is one claim (issuer, audience, use, times), so each refusal is about that
 * claim and not the signature. A control re-signs a real token's claims unchanged and must be accepted.
 */
const require = createRequire(import.meta.url);
const poolKey = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
const poolPublic = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { kid: string } };
const POOL_KID = poolPublic.jwk.kid;

type Json = Record<string, unknown>;
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => b64(JSON.stringify(value));

export const claimsOf = (token: string): Json => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Json;

const rsa = (pem: string, input: string, algorithm = 'RSA-SHA256') => createSign(algorithm).update(input).sign(pem).toString('base64url');

/** A JWT with the header and payload given, signed RS256 by `pem` (the pool's key unless another is given). */
export const signed = (payload: Json, header: Json = {}, pem = poolKey.pem) => {
  const input = `${json({ alg: 'RS256', typ: 'JWT', kid: POOL_KID, ...header })}.${json(payload)}`;
  return `${input}.${rsa(pem, input)}`;
};

const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherPem = otherKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const otherJwk = otherKey.publicKey.export({ format: 'jwk' });

const now = () => Math.floor(Date.now() / 1000);
const HOUR = 3600;

/** One way of sending a token: what goes in the Authorization header (undefined: no header at all). */
export type TokenKind = { name: string; authorization: (real: RealTokens) => string | undefined };
/** A real user's tokens from the pool, and the claims of the ID token. */
export type RealTokens = { id: string; access: string; refresh?: string; claims: Json };

const bearer = (token: string) => `Bearer ${token}`;
const withClaims = (real: RealTokens, change: (claims: Json) => Json) => bearer(signed(change({ ...real.claims })));
const without = (claims: Json, ...names: string[]) => Object.fromEntries(Object.entries(claims).filter(([name]) => !names.includes(name)));

/** The control: a real token's claims re-signed unchanged by the pool's key. Must be accepted. */
export const resignedControl = (real: RealTokens) => withClaims(real, (claims) => claims);

/** Tokens every route that needs a signed-in person must refuse with 401. */
export const FORGED: TokenKind[] = [
  { name: 'no Authorization header', authorization: () => undefined },
  { name: 'empty Authorization header', authorization: () => '' },
  { name: '"Bearer" and nothing', authorization: () => 'Bearer' },
  { name: '"Bearer " and spaces', authorization: () => 'Bearer    ' },
  { name: 'garbage', authorization: () => bearer('garbage') },
  { name: 'three garbage segments', authorization: () => bearer('a.b.c') },
  { name: 'four segments', authorization: (r) => bearer(`${r.id}.extra`) },
  { name: 'two segments', authorization: (r) => bearer(r.id.split('.').slice(0, 2).join('.')) },
  { name: 'Basic scheme', authorization: () => `Basic ${b64('admin:admin')}` },
  { name: 'two bearer tokens in one header', authorization: (r) => `Bearer garbage, Bearer ${r.id}` },
  { name: 'alg none, unsigned', authorization: (r) => bearer(`${json({ alg: 'none', typ: 'JWT' })}.${json(r.claims)}.`) },
  { name: 'alg "None" with the kid, unsigned', authorization: (r) => bearer(`${json({ alg: 'None', typ: 'JWT', kid: POOL_KID })}.${json(r.claims)}.`) },
  {
    name: 'alg none, the real signature kept',
    authorization: (r) => bearer(`${json({ alg: 'none', typ: 'JWT', kid: POOL_KID })}.${json(r.claims)}.${r.id.split('.')[2]}`),
  },
  {
    name: 'HS256 keyed with the pool public key (key confusion)',
    authorization: (r) => {
      const input = `${json({ alg: 'HS256', typ: 'JWT', kid: POOL_KID })}.${json(r.claims)}`;
      const secret = JSON.stringify(poolPublic.jwk);
      return bearer(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`);
    },
  },
  { name: 'signed by another key under the pool kid', authorization: (r) => bearer(signed(r.claims, {}, otherPem)) },
  { name: 'signed by another key with an unknown kid', authorization: (r) => bearer(signed(r.claims, { kid: 'attacker-key' }, otherPem)) },
  { name: 'signed by another key that the header embeds (jwk)', authorization: (r) => bearer(signed(r.claims, { jwk: otherJwk }, otherPem)) },
  { name: 'signed by another key that the header points at (jku)', authorization: (r) => bearer(signed(r.claims, { jku: 'https://attacker.example/jwks.json', kid: 'attacker' }, otherPem)) },
  {
    name: 'tampered payload: another sub, the original signature',
    authorization: (r) => {
      const [header, , signature] = r.id.split('.');
      return bearer(`${header}.${json({ ...r.claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`);
    },
  },
  {
    name: 'tampered payload: another email, the original signature',
    authorization: (r) => {
      const [header, , signature] = r.id.split('.');
      return bearer(`${header}.${json({ ...r.claims, email: 'victim@example.com' })}.${signature}`);
    },
  },
  { name: 'signature stripped', authorization: (r) => bearer(`${r.id.split('.').slice(0, 2).join('.')}.`) },
  { name: 'signature flipped in one character', authorization: (r) => bearer(r.id.slice(0, -2) + (r.id.at(-2) === 'A' ? 'B' : 'A') + r.id.at(-1)) },
  { name: 'wrong issuer (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, iss: 'https://attacker.example' })) },
  { name: "another pool's issuer (pool key)", authorization: (r) => withClaims(r, (c) => ({ ...c, iss: `${String(c.iss).replace(/\/[^/]+$/, '')}/us-east-1_attacker` })) },
  { name: 'no issuer (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'iss')) },
  { name: 'wrong audience (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, aud: 'another-app-client' })) },
  { name: 'no audience (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'aud')) },
  { name: 'audience list with a stranger first (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, aud: ['another-app-client'] })) },
  { name: 'the real access token (the API takes ID tokens)', authorization: (r) => bearer(r.access) },
  { name: 'an ID token saying token_use access (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, token_use: 'access' })) },
  { name: 'no token_use (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'token_use')) },
  { name: 'expired an hour ago (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, iat: now() - 2 * HOUR, auth_time: now() - 2 * HOUR, exp: now() - HOUR })) },
  { name: 'expired a minute ago (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, exp: now() - 60 })) },
  { name: 'no expiry (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'exp')) },
  { name: 'expiry as a string (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, exp: String(now() + HOUR) })) },
  { name: 'not valid before an hour from now (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, nbf: now() + HOUR })) },
  { name: 'issued an hour in the future (pool key)', authorization: (r) => withClaims(r, (c) => ({ ...c, iat: now() + HOUR, auth_time: now() + HOUR, exp: now() + 2 * HOUR })) },
  { name: 'no subject (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'sub')) },
  { name: 'no email (pool key)', authorization: (r) => withClaims(r, (c) => without(c, 'email')) },
  { name: 'payload not JSON (pool key)', authorization: () => { const input = `${json({ alg: 'RS256', typ: 'JWT', kid: POOL_KID })}.${b64('not json')}`; return bearer(`${input}.${rsa(poolKey.pem, input)}`); } },
  { name: 'empty payload (pool key)', authorization: () => bearer(signed({})) },
  { name: 'RS512 header over an RS256 signature', authorization: (r) => { const input = `${json({ alg: 'RS512', typ: 'JWT', kid: POOL_KID })}.${json(r.claims)}`; return bearer(`${input}.${rsa(poolKey.pem, input)}`); } },
  { name: 'the refresh token', authorization: (r) => bearer(r.refresh ?? 'no-refresh-token') },
  { name: 'a large token (≈ 8 KB of claims, pool key signature broken)', authorization: (r) => bearer(signed({ ...r.claims, pad: 'x'.repeat(8_000) }, {}, otherPem)) },
];

/** Far past any header limit: refused however the server refuses it, never served. */
export const HUGE_TOKEN: TokenKind = { name: 'a huge token (≈ 100 KB)', authorization: (r) => bearer(`${r.id}${'A'.repeat(100_000)}`) };
