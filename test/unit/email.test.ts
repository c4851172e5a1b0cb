import { describe, expect, it, vi } from 'vitest';
import { renderEmail } from '#core/email/templates';
import { deliverEmail } from '#core/email/deliver-email';

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

  it('sends once per dedupe key', async () => {
    const sent = new Set<string>();
    const send = vi.fn(async () => 'm-1');
    const deps = { wasSent: async (k: string) => sent.has(k), markSent: async (k: string) => void sent.add(k), send };
    expect(await deliverEmail(deps, message)).toBe('sent');
    expect(await deliverEmail(deps, message)).toBe('duplicate');
    expect(send).toHaveBeenCalledOnce();
  });

  it('does not mark an email sent when sending fails, so the retry sends it', async () => {
    const markSent = vi.fn(async () => undefined);
    const deps = { wasSent: async () => false, markSent, send: async () => Promise.reject(new Error('SES throttled')) };
    await expect(deliverEmail(deps, message)).rejects.toThrow('SES throttled');
    expect(markSent).not.toHaveBeenCalled();
  });
});
