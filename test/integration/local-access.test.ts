import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, routeList, type RouteSpec } from '#shared/routes';
import { onAccessDenied } from '../../local/access-guard';
import { startStack, type Stack } from '../../local/stack';

/**
 * The local stack runs each function with exactly what its route entry grants, so a grant taken away from the
 * route table fails here as it would after `cdk deploy`: the same stack, with a copy of the route table where
 * update-profile may only read the table and create-invite lost its email queue.
 */
const narrowed = (route: RouteSpec): RouteSpec => {
  if (route.id === 'update-profile') return { ...route, access: { ...route.access, table: 'read' } };
  if (route.id === 'create-invite') return { ...route, access: { table: 'readWrite' } };
  return route;
};

describe('a function without a grant, on the local stack', () => {
  let stack: Stack;
  let token: string;
  const refusals: { name: string; error: string; message: string }[] = [];
  let stopListening: () => void;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${API_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    stack = await startStack({ routes: routeList.map(narrowed) });
    stopListening = onAccessDenied((name, denial) => refusals.push({ name, error: denial.name, message: denial.message }));
    await stack.cognito.createConfirmedUser('owner@access.test', 'Correct-Horse-9');
    token = (await stack.cognito.signIn('owner@access.test', 'Correct-Horse-9')).IdToken!;
  });
  afterAll(async () => {
    stopListening?.();
    await stack?.stop();
  });

  it('is refused a table write with the error AWS gives, while its granted neighbours work', async () => {
    const created = await call('POST', '/workspaces', { name: 'Access Co' });
    expect(created.status).toBe(201);

    const updated = await call('PATCH', '/me', { name: 'Renamed' });

    expect(updated.status).toBe(500);
    expect(refusals).toContainEqual({
      name: 'brandslate-local-http-update-profile',
      error: 'AccessDeniedException',
      message: expect.stringMatching(
        /^User: arn:aws:sts::\d{12}:assumed-role\/brandslate-local-http-update-profile\/brandslate-local-http-update-profile is not authorized to perform: dynamodb:(PutItem|UpdateItem) on resource: arn:aws:dynamodb:us-east-1:\d{12}:table\/brandslate-local because no identity-based policy allows the dynamodb:(PutItem|UpdateItem) action$/,
      ),
    });
  });

  it('has no URL for a queue it does not list, so the invite fails instead of silently queueing', async () => {
    const created = await call('POST', '/workspaces', { name: 'Invites Co' });
    const invited = await call('POST', `/workspaces/${(created.body.workspaces as { uid: string }).uid}/invites`, { email: 'friend@access.test' });
    expect(invited.status).toBe(500);
    expect(stack.mail.list().filter((mail) => JSON.stringify(mail).includes('friend@access.test'))).toEqual([]);
  });
});
