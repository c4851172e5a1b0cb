import { describe, expect, it } from 'vitest';
import { createIntegrationBody, updateIntegrationBody, type Integration, type IntegrationAttempt } from '#shared/schemas/integrations';
import { createTaskBody as taskCreateBody } from '#shared/schemas/task';
import {
  createBodyOf,
  draftFieldOf,
  draftFields,
  draftFor,
  needsConsent,
  recipientOf,
  updateBodyOf,
  validateDraft,
} from '../../web/src/modules/integrations/internal/integration-draft';
import { canRetry, outcomeKey, refetchDelay } from '../../web/src/modules/integrations/internal/delivery-view';
import { newestRows, rowAction } from '../../web/src/modules/integrations/internal/integration-log';
import { defaultSelection, epicRule, toggled } from '../../web/src/modules/integrations/internal/task-integration-choice';
import { summaryOf } from '../../web/src/modules/integrations/internal/integration-summary';
import { oauthReturnOf, oncePerState } from '../../web/src/modules/integrations/internal/oauth-return';
import { createBody, formFieldOf, initialForm, validateForm } from '../../web/src/modules/tasks/internal/task-form-state';
import { defaultTaskDefaults } from '../../web/src/modules/settings/settings-defaults';

const anIntegration = (overrides: Partial<Integration> = {}): Integration => ({
  uid: 'i-1',
  type: 'webhook',
  name: 'Ops webhook',
  settings: { url: 'https://hooks.example.com/in' },
  secret_hint: {},
  state: 'connected',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

describe('the integration form', () => {
  it("says the spec's incomplete-data message on the first field the server's completeness rule finds missing", () => {
    const draft = { ...draftFor('jira'), name: 'Jira', values: { auth: 'token', site_url: 'https://acme.atlassian.net' } };

    const errors = validateDraft(draft);

    expect(errors.email).toEqual({ key: 'errors.integration_incomplete', values: {} });
    expect(errors.api_token).toBeUndefined();
  });

  it('asks for a name and checks each value with the type’s own schema', () => {
    const draft = { ...draftFor('webhook'), values: { url: 'not a url' } };

    const errors = validateDraft(draft);

    expect(errors.name?.key).toBe('integrations.form.nameRequired');
    expect(errors.url?.key).toBe('integrations.form.urlInvalid');
  });

  it('keeps a stored secret on an edit when its field is left empty', () => {
    const monday = anIntegration({ type: 'monday', name: 'Board', settings: { board_id: '123', group_id: 'topics' }, secret_hint: { api_token: '••••x9Qa' } });
    const draft = draftFor('monday', monday);

    expect(validateDraft(draft, (name) => name in monday.secret_hint)).toEqual({});
    expect(updateBodyOf(draft)).toEqual({ name: 'Board', settings: { board_id: '123', group_id: 'topics' } });
    expect(validateDraft(draft).api_token?.key).toBe('errors.integration_incomplete');
  });

  it('builds a create body the route accepts, with the webhook’s custom headers and without empty rows', () => {
    const draft = {
      ...draftFor('webhook'),
      name: ' Ops ',
      values: { url: 'https://hooks.example.com/in' },
      headers: [
        { name: 'X-Team', value: 'ops' },
        { name: '', value: '' },
      ],
    };

    const body = createBodyOf(draft);

    expect(body).toEqual({ type: 'webhook', name: 'Ops', settings: { url: 'https://hooks.example.com/in', headers: { 'X-Team': 'ops' } } });
    expect(createIntegrationBody.safeParse(body).success).toBe(true);
  });

  it('sends Jira by token with its typed secrets, and Jira by OAuth without the site or any secret, to the consent', () => {
    const token = { ...draftFor('jira'), name: 'Jira', values: { auth: 'token', site_url: 'https://acme.atlassian.net', email: 'Ann@Acme.io', api_token: 'tok', project_key: 'MKT', issue_type: 'Task' }, epicRequired: true };
    const oauth = { ...token, values: { ...token.values, auth: 'oauth' } };

    expect(createBodyOf(token)).toEqual({
      type: 'jira',
      name: 'Jira',
      settings: { auth: 'token', site_url: 'https://acme.atlassian.net', project_key: 'MKT', issue_type: 'Task', epic_required: true },
      secrets: { email: 'Ann@Acme.io', api_token: 'tok' },
    });
    expect(needsConsent(token)).toBe(false);
    expect(createBodyOf(oauth)).toEqual({ type: 'jira', name: 'Jira', settings: { auth: 'oauth', project_key: 'MKT', issue_type: 'Task', epic_required: true } });
    expect(needsConsent(oauth)).toBe(true);
    expect(validateDraft(oauth)).toEqual({});
  });

  it('asks for at least one recipient, and takes only addresses (stored lower-cased)', () => {
    expect(validateDraft({ ...draftFor('email'), name: 'Mail' }).recipients?.key).toBe('errors.integration_incomplete');
    expect(recipientOf(' Ann@Example.com ')).toBe('ann@example.com');
    expect(recipientOf('ann@')).toBeUndefined();
  });

  it('asks for a new signing secret only when rotation is chosen, in a body the route accepts', () => {
    const draft = draftFor('webhook', anIntegration());

    const body = updateBodyOf(draft, true);

    expect(body).toEqual({ name: 'Ops webhook', settings: { url: 'https://hooks.example.com/in' }, rotate_secret: true });
    expect(updateIntegrationBody.safeParse(body).success).toBe(true);
  });

  it('puts a 400 on the field it names (settings.x, secrets.x, nested paths) when the form shows it', () => {
    expect(draftFieldOf('secrets.api_token')).toBe('api_token');
    expect(draftFieldOf('settings.headers.X-Team')).toBe('headers');
    expect(draftFieldOf('settings.recipients.2')).toBe('recipients');
    expect(draftFields({ ...draftFor('jira'), values: { auth: 'oauth' } })).not.toContain('site_url');
    expect(draftFields({ ...draftFor('slack'), values: { mode: 'webhook' } })).toContain('webhook_url');
  });

  it('summarises the key settings of each kind, never a secret', () => {
    expect(summaryOf({ type: 'email', settings: { recipients: ['a@x.io', 'b@x.io'] } })).toEqual([{ key: 'recipients', values: { value: 'a@x.io, b@x.io' } }]);
    expect(summaryOf({ type: 'calendar', settings: {} })).toEqual([{ key: 'calendarNotChosen' }]);
    expect(summaryOf({ type: 'webhook', settings: { url: 'https://h.io', headers: { A: '1', B: '2' } } })).toEqual([
      { key: 'url', values: { value: 'https://h.io' } },
      { key: 'headers', values: { count: 2 } },
    ]);
  });
});

describe('the task form’s integrations', () => {
  const webhook = anIntegration();
  const jira = anIntegration({ uid: 'i-2', type: 'jira', name: 'Jira MKT', settings: { auth: 'token', project_key: 'MKT', issue_type: 'Task', epic_required: true } });
  const revoked = anIntegration({ uid: 'i-3', type: 'slack', name: 'Slack', state: 'needs_reconnect' });
  const all = [webhook, jira, revoked];

  it('start from the brand’s saved choice, or every connected one, never one gone or not connected', () => {
    expect(defaultSelection(all, undefined)).toEqual(['i-1', 'i-2']);
    expect(defaultSelection(all, ['i-2', 'i-3', 'gone'])).toEqual(['i-2']);
    expect(defaultSelection(all, [])).toEqual([]);
  });

  it('show the epic while a Jira integration is on, required when it asks for one', () => {
    expect(epicRule(all, ['i-1'])).toEqual({ shown: false, required: false, requiredBy: undefined });
    expect(epicRule(all, ['i-1', 'i-2'])).toEqual({ shown: true, required: true, requiredBy: 'Jira MKT' });
    expect(toggled(all, ['i-2'], 'i-1', true)).toEqual(['i-1', 'i-2']);
  });

  it("refuse a task without the epic a Jira integration requires, with the spec's message, and a key that is not one", () => {
    const form = { ...initialForm({ defaults: defaultTaskDefaults(), projectUid: 'p-1' }), summary: 'Reel', integrations: ['i-2'], epicRequired: true };

    expect(validateForm(form).jira_epic).toEqual({ key: 'errors.jira_epic_missing', values: {} });
    expect(validateForm({ ...form, jira_epic: 'not a key' }).jira_epic?.key).toBe('integrations.taskForm.epicInvalid');
    expect(validateForm({ ...form, jira_epic: 'mkt-12' }).jira_epic).toBeUndefined();
  });

  it('are sent as integrations and jira_epic on create, in a body the route accepts', () => {
    const form = { ...initialForm({ defaults: defaultTaskDefaults(), projectUid: 'p-1' }), summary: 'Reel', integrations: ['i-1', 'i-2'], jira_epic: ' mkt-12 ' };

    const body = createBody(form, defaultTaskDefaults());

    expect(body).toMatchObject({ integrations: ['i-1', 'i-2'], jira_epic: 'MKT-12' });
    expect(taskCreateBody.safeParse(body).success).toBe(true);
    expect(createBody({ ...form, integrations: [] }, defaultTaskDefaults())).not.toHaveProperty('jira_epic');
    expect(formFieldOf('jira_epic')).toBe('jira_epic');
  });
});

describe('the delivery log', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('is fetched again soon while a delivery is sent, at the next attempt while one waits, and not once all ended', () => {
    expect(refetchDelay([{ status: 'sending', next_attempt_at: null }], now)).toBe(2_000);
    expect(refetchDelay([{ status: 'waiting', next_attempt_at: '2026-11-23T12:00:10Z' }], now)).toBe(11_000);
    expect(refetchDelay([{ status: 'waiting', next_attempt_at: '2026-11-23T14:00:00Z' }], now)).toBe(60_000);
    expect(refetchDelay([{ status: 'sent', next_attempt_at: null }, { status: 'exhausted', next_attempt_at: null }], now)).toBe(false);
  });

  it("offers a retry only for a failed or exhausted delivery, and says the spec's own texts for email, Jira and webhook", () => {
    expect(canRetry('failed') && canRetry('exhausted')).toBe(true);
    expect(canRetry('waiting') || canRetry('sent')).toBe(false);
    expect(outcomeKey('jira', 'sent')).toBe('integrations.deliveries.outcome.jira.sent');
    expect(outcomeKey('webhook', 'exhausted')).toBe('integrations.deliveries.outcome.webhook.failed');
    expect(outcomeKey('slack', 'failed')).toBe('integrations.deliveries.outcome.other.failed');
    expect(outcomeKey('email', 'waiting')).toBeUndefined();
  });
});

describe('the OAuth return page', () => {
  it('reads the state, code and refusal the provider handed back; nothing to finish without a state', () => {
    expect(oauthReturnOf(new URLSearchParams('code=abc&state=s1'))).toEqual({ state: 's1', code: 'abc' });
    expect(oauthReturnOf(new URLSearchParams('error=access_denied&state=s1'))).toEqual({ state: 's1', error: 'access_denied' });
    expect(oauthReturnOf(new URLSearchParams('code=abc'))).toBeUndefined();
  });

  it('posts a single-use state once, however often it is asked', async () => {
    let posts = 0;
    const post = async () => ++posts;

    const [first, second] = await Promise.all([oncePerState('s-once', post), oncePerState('s-once', post)]);

    expect([first, second, posts]).toEqual([1, 1, 1]);
  });
});

describe("an integration's delivery log", () => {
  const row = (delivery_id: string, attempt: number, delivery_status: IntegrationAttempt['delivery_status']): IntegrationAttempt => ({
    attempt,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - attempt)).toISOString(),
    outcome: delivery_status === 'sent' ? 'sent' : 'failed',
    http_status: delivery_status === 'sent' ? 200 : 500,
    latency_ms: 10,
    error: null,
    delivery_id,
    delivery_status,
    task: { uid: `task-${delivery_id}`, number: 1, summary: 'Post' },
  });

  it('offers Retry only on the newest attempt of a delivery it left failed or out of attempts', () => {
    const rows = [row('a', 2, 'exhausted'), row('b', 1, 'sent'), row('a', 1, 'waiting'), row('c', 3, 'failed'), row('c', 2, 'waiting')];
    const newest = newestRows(rows);

    const actions = rows.map((r) => rowAction(r, newest, new Map()));

    expect(actions).toEqual(['retry', undefined, undefined, 'retry', undefined]);
  });

  it('shows a delivery retried from the log as sending again until a newer attempt arrives', () => {
    const before = [row('a', 1, 'failed')];
    const after = [row('a', 2, 'sent'), row('a', 1, 'failed')];
    const retriedAt = new Map([['a', 1]]);

    expect(rowAction(before[0]!, newestRows(before), retriedAt)).toBe('sending');
    expect(after.map((r) => rowAction(r, newestRows(after), retriedAt))).toEqual([undefined, undefined]);
  });
});
