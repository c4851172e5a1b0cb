import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { api, baseUrl } from './api';

/** Polls `read` until `done` holds (deliveries are asynchronous: outbox, queue, provider). */
export const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, what = 'condition'): Promise<T> => {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  return last;
};

/** The fake providers' origin (the one entry of the stack's outbound allow-list). */
export const fakesOrigin = (env: Record<string, string> = inject('functionEnv')) => `http://${env.OUTBOUND_ALLOWLIST!.split(',')[0]}`;

/** The fakes' control API, on the gateway (stackUrl) or on their own port. */
export const control = async (method: string, path: string, body?: unknown, root = `${baseUrl()}/_local/integrations`) => {
  const response = await fetch(`${root}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
};

type Owner = { token: string; workspaceId: string };

/** A webhook integration of a new brand, pointing at a fresh receiver of the fakes that checks its signature. */
export const webhookBrand = async (owner: Owner, fakes = fakesOrigin(), controlRoot?: string) => {
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Hooked ${randomUUID().slice(0, 8)}` } });
  const receiver = `r-${randomUUID().slice(0, 8)}`;
  const created = await api('POST', `/workspaces/${owner.workspaceId}/projects/${project.body.uid}/integrations`, {
    token: owner.token,
    body: { type: 'webhook', name: 'Our hook', settings: { url: `${fakes}/webhook/${receiver}` } },
  });
  if (created.status !== 201) throw new Error(`create webhook: ${created.status} ${JSON.stringify(created.body)}`);
  await control('PUT', `/webhooks/${receiver}`, { secret: created.body.secret }, controlRoot);
  return { projectId: project.body.uid as string, integrationUid: created.body.uid as string, receiver };
};

export const deliveriesOf = async (owner: { token: string }, taskId: string) =>
  (await api('GET', `/tickets/${taskId}/deliveries`, { token: owner.token })).body.deliveries as any[];
