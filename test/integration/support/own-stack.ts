import { API_PREFIX } from '#shared/routes';
import type { Stack } from '../../../local/stack';

/** A person signed in on a stack a test started itself (not the suite's shared one). */
export const ownUser = async (stack: Stack, name: string) => {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await stack.cognito.createConfirmedUser(email, 'Correct-Horse-9');
  const { IdToken: token } = await stack.cognito.signIn(email, 'Correct-Horse-9');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${API_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const workspace = await call('POST', '/workspaces', { name: `${name} studio` });
  return { email, token, call, workspaceId: workspace.body.workspaces.uid as string };
};
