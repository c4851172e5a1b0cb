import { api } from './api';

/** The hidden inputs of the fake provider's consent form, and where it posts. */
const consentFormOf = (html: string) => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no consent form in: ${html.slice(0, 300)}`);
  const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name!, unescape(value!)]));
  return { action: unescape(action), fields };
};

/**
 * A person at the provider's consent screen (the local fake): opens the authorize URL, presses Allow or Deny, and
 * answers the query the provider sends them back to /integration-success with (state, and code or error).
 */
export const consentAt = async (authorizeUrl: string, decision: 'allow' | 'deny'): Promise<{ returnUrl: URL; state: string; code?: string; error?: string }> => {
  const page = await fetch(authorizeUrl);
  if (!page.ok) throw new Error(`authorize page: ${page.status} ${await page.text()}`);
  const { action, fields } = consentFormOf(await page.text());
  const posted = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
    redirect: 'manual',
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent: ${posted.status} ${await posted.text()}`);
  const returnUrl = new URL(location);
  const state = returnUrl.searchParams.get('state') ?? '';
  const code = returnUrl.searchParams.get('code') ?? undefined;
  const error = returnUrl.searchParams.get('error') ?? undefined;
  return { returnUrl, state, ...(code ? { code } : {}), ...(error ? { error } : {}) };
};

/**
 * What /integration-success does with that return: posts it to the API as the signed-in person (to the connections'
 * completion for a `conn.` state, as the page does).
 */
export const completeConsent = (token: string, back: { state: string; code?: string; error?: string }) =>
  api('POST', back.state.startsWith('conn.') ? '/connections/oauth/complete' : '/integrations/oauth/complete', {
    token,
    body: { state: back.state, ...(back.code ? { code: back.code } : {}), ...(back.error ? { error: back.error } : {}) },
  });

const integrationsOf = (workspaceId: string, projectId: string) => `/workspaces/${workspaceId}/projects/${projectId}/integrations`;

/** Connects a Google Calendar integration end to end (create, consent at the fake, complete): answers it connected. */
export const connectCalendar = async (owner: { token: string }, workspaceId: string, projectId: string, name = 'Team calendar') => {
  const created = await api('POST', integrationsOf(workspaceId, projectId), { token: owner.token, body: { type: 'calendar', name, settings: {} } });
  if (created.status !== 201) throw new Error(`create calendar: ${created.status} ${JSON.stringify(created.body)}`);
  const back = await consentAt(created.body.authorize_url, 'allow');
  const completed = await completeConsent(owner.token, back);
  if (completed.status !== 200) throw new Error(`complete calendar consent: ${completed.status} ${JSON.stringify(completed.body)}`);
  return completed.body.integration as { uid: string; state: string };
};

/** An email integration (nothing to consent to, nothing outside the stack to verify). */
export const emailIntegration = async (owner: { token: string }, workspaceId: string, projectId: string, recipients = ['team@example.com']) => {
  const created = await api('POST', integrationsOf(workspaceId, projectId), { token: owner.token, body: { type: 'email', name: 'Team mail', settings: { recipients } } });
  if (created.status !== 201) throw new Error(`create email integration: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { uid: string };
};
