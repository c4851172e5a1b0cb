export type Mail = { id: string; to: string[] | string; subject: string; text: string; html?: string };

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is set by the global setup');
  return url;
};

/** The mails to `to` in the local mail catcher whose subject matches. */
export const mailsTo = async (to: string, subject: RegExp): Promise<Mail[]> =>
  ((await (await fetch(`${baseUrl()}/_local/mail/messages.json`)).json()) as Mail[]).filter(
    (m) => [m.to].flat().some((a) => a.toLowerCase() === to.toLowerCase()) && subject.test(m.subject),
  );

/** Waits for a mail to `to` in the local mail catcher whose subject matches. */
export const waitForMail = async (to: string, subject: RegExp, timeoutMs = 20_000): Promise<Mail> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [found] = await mailsTo(to, subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
};

export const codeIn = (mail: Mail) => {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
};
