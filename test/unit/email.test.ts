import { describe, expect, it, vi } from 'vitest';
import { renderEmail } from '#core/email/templates';
import { CLAIM_LEASE_MS, deliverEmail, SendInProgress } from '#core/email/deliver-email';

const message = {
  template: 'invite' as const,
  dedupeKey: 'invite:t1',
  to: 'bob@example.com',
  data: { workspaceName: '<script>alert(1)</script> & Co', inviterEmail: 'ann@example.com', inviteUrl: 'https://app.example.com/invite/t1' },
};

describe('email', () => {
  it('escapes user-given values in the HTML and keeps the link', () => {
    const email = renderEmail(message);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(email.text).toContain('https://app.example.com/invite/t1');
  });

  /** The sent-email table as the data layer keeps it: claims with their time, and message ids once sent. */
  const table = () => {
    const rows = new Map<string, { sentAt: string; messageId?: string }>();
    return {
      rows,
      claimSend: async (key: string, now: Date, staleBefore: Date) => {
        const row = rows.get(key);
        if (!row || (row.messageId === undefined && row.sentAt < staleBefore.toISOString())) {
          rows.set(key, { sentAt: now.toISOString() });
          return { claimed: true as const };
        }
        return { claimed: false as const, sentAt: row.sentAt, sent: row.messageId !== undefined };
      },
      markSent: async (key: string, messageId: string | undefined) => void rows.set(key, { ...rows.get(key)!, messageId: messageId ?? 'unknown' }),
      releaseClaim: async (key: string) => {
        if (rows.get(key)?.messageId === undefined) rows.delete(key);
      },
    };
  };

  it('sends once per dedupe key', async () => {
    const send = vi.fn(async () => 'm-1');
    const deps = { ...table(), send };
    expect(await deliverEmail(deps, message)).toBe('sent');
    expect(await deliverEmail(deps, message)).toBe('duplicate');
    expect(send).toHaveBeenCalledOnce();
  });

  it('sends once when two messages of one key are delivered at the same moment (a digest window queues one per event)', async () => {
    let release: (id: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const deps = { ...table(), send };
    const first = deliverEmail(deps, message);
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
    // The second finds the first one's claim: it neither sends nor drops the message (the queue brings it back).
    await expect(deliverEmail(deps, message)).rejects.toBeInstanceOf(SendInProgress);
    release('m-1');
    expect(await first).toBe('sent');
    expect(await deliverEmail(deps, message)).toBe('duplicate');
    expect(send).toHaveBeenCalledOnce();
  });

  it('takes over a claim left by a delivery that died before sending, once its lease is over', async () => {
    const deps = { ...table(), send: vi.fn(async () => 'm-2') };
    const start = new Date('2026-11-24T10:00:00Z');
    deps.rows.set(message.dedupeKey, { sentAt: start.toISOString() });
    await expect(deliverEmail({ ...deps, now: () => new Date(start.getTime() + 1000) }, message)).rejects.toBeInstanceOf(SendInProgress);
    expect(await deliverEmail({ ...deps, now: () => new Date(start.getTime() + CLAIM_LEASE_MS + 1000) }, message)).toBe('sent');
    expect(deps.send).toHaveBeenCalledOnce();
  });

  it('does not mark an email sent when sending fails, and gives the claim up so the retry sends it', async () => {
    const deps = table();
    const markSent = vi.fn(deps.markSent);
    await expect(deliverEmail({ ...deps, markSent, send: async () => Promise.reject(new Error('SES throttled')) }, message)).rejects.toThrow('SES throttled');
    expect(markSent).not.toHaveBeenCalled();
    expect(await deliverEmail({ ...deps, send: async () => 'm-3' }, message)).toBe('sent');
  });
});
