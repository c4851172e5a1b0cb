import { beforeAll, describe, expect, it, inject } from 'vitest';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { routes, type RouteName } from '#shared/routes';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { baseUrl, PASSWORD } from '../support/api';
import { realisticBodies, type Bodies } from './support/bodies';
import { attackOrder, isSuccess } from './support/matrix';
import { brief, inputFor, mapLimit, pathOf, queryOf, send } from './support/requests';
import { claimsOf, FORGED, HUGE_TOKEN, resignedControl, type RealTokens, type TokenKind } from './support/tokens';
import { buildTenants, type Tenant } from './support/world';

/**
 * FORGED AND EXPIRED TOKENS. Every route that needs a signed-in person, aimed at the victim's real things (so a
 * token that got through would reach real data), is called with each kind of bad token and must answer 401:
 * never a success, never a 5xx. The control, the victim's own claims re-signed by the pool's key, is accepted,
 * so the tokens that change one claim are refused for that claim.
 */
let victim: Tenant;
let real: RealTokens;
let bodies: Bodies;

const signInFully = async (email: string) => {
  const config = (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
  const client = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint'), region: config.region });
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } }),
  );
  const result = auth.AuthenticationResult!;
  return { id: result.IdToken!, access: result.AccessToken!, refresh: result.RefreshToken, claims: claimsOf(result.IdToken!) };
};

beforeAll(async () => {
  ({ V: victim } = await buildTenants('V'));
  real = await signInFully(victim.admin.email);
  bodies = await realisticBodies(victim.admin.token);
}, 180_000);

const guarded = attackOrder().filter((name) => routes[name].auth !== 'public');

/** Calls every guarded route with the Authorization header `authorization` gives; answers each route's answer. */
const everyRoute = (kind: TokenKind, names: RouteName[] = guarded) =>
  mapLimit(names, 6, async (name) => {
    const route = routes[name];
    const input = inputFor(route, victim, bodies[name]);
    const answer = await send({
      method: route.method,
      url: pathOf(route, input.params) + queryOf(input.query),
      authorization: kind.authorization(real),
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(input.body),
    });
    return { name, answer };
  });

describe('the control', () => {
  it("the victim's own claims re-signed by the pool's key are accepted on every read", async () => {
    const reads = guarded.filter((name) => routes[name].method === 'GET');
    const answers = await everyRoute({ name: 'control', authorization: resignedControl }, reads);
    expect(answers.filter(({ answer }) => !isSuccess(answer.status)).map(({ name, answer }) => `${name}: ${brief(answer)}`)).toEqual([]);
  });
});

describe.each(FORGED)('$name', (kind) => {
  it(`every one of the ${guarded.length} guarded routes answers 401`, async () => {
    const answers = await everyRoute(kind);
    const wrong = answers.filter(({ answer }) => answer.status !== 401).map(({ name, answer }) => `${name}: ${brief(answer)}`);
    expect(wrong).toEqual([]);
  });
});

describe(HUGE_TOKEN.name, () => {
  it('is refused on every guarded route: a 4xx, never a success or a 5xx', async () => {
    const answers = await everyRoute(HUGE_TOKEN);
    const wrong = answers.filter(({ answer }) => answer.status < 400 || answer.status >= 500).map(({ name, answer }) => `${name}: ${brief(answer)}`);
    expect(wrong).toEqual([]);
  });
});
