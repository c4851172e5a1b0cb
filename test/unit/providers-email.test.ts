import { describe, expect, it } from 'vitest';
import { renderEmail } from '#core/email/templates';
import { createEmailProvider, emailDedupeKey } from '#lib/providers/email';
import { emailMessage, type EmailMessage } from '#shared/queues';
import { deliveryTask } from './providers-support';

describe('email provider', () => {
  it('queues one integration email per recipient, keyed by the delivery so a retry sends nobody a second copy', async () => {
    const queued: EmailMessage[] = [];
    const provider = createEmailProvider(async (message) => void queued.push(message));

    const result = await provider.send({ deliveryId: 'dlv1', attempt: 1, task: deliveryTask(), settings: { recipients: ['a@acme.test', 'B@acme.test'] }, secrets: {} });

    expect(result).toMatchObject({ ok: true });
    expect(queued.map((m) => [m.to, m.dedupeKey])).toEqual([
      ['a@acme.test', emailDedupeKey('dlv1', 'a@acme.test')],
      ['B@acme.test', 'integration:dlv1:b@acme.test'],
    ]);
    expect(queued.every((m) => emailMessage.safeParse(m).success)).toBe(true);
  });

  it('renders the task with its facts and link, escaping what users typed', () => {
    const rendered = renderEmail({
      template: 'integration',
      dedupeKey: 'k',
      to: 'a@acme.test',
      data: { projectName: 'Acme', taskNumber: 42, taskSummary: '<b>Reel</b>', taskUrl: 'http://127.0.0.1:3000/tasks/t1', dueDate: '2026-12-01', priority: 'high', type: 'reel', description: null, test: true },
    });

    expect(rendered.subject).toBe('[Test] New task in Acme: #42 <b>Reel</b>');
    expect(rendered.text).toContain('Open the task: http://127.0.0.1:3000/tasks/t1');
    expect(rendered.html).toContain('&lt;b&gt;Reel&lt;/b&gt;');
    expect(rendered.html).toContain('Due: 2026-12-01');
  });

  it('a queue that cannot be reached is retryable; no recipients is final', async () => {
    const down = createEmailProvider(async () => {
      throw new Error('connect ECONNREFUSED');
    });

    expect(await down.send({ deliveryId: 'd', attempt: 1, task: deliveryTask(), settings: { recipients: ['a@acme.test'] }, secrets: {} })).toMatchObject({ ok: false, retryable: true });
    expect(await down.send({ deliveryId: 'd', attempt: 1, task: deliveryTask(), settings: { recipients: [] }, secrets: {} })).toMatchObject({ ok: false, retryable: false });
  });
});
