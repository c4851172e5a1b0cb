/**
 * Clicks through a fake provider's consent page as a person would (no vitest here: the sync bench uses it too):
 * GET the authorize URL, read the form's action and hidden fields, post it with the decision, and read the code and
 * state from where it sends the browser back (/integration-success?code&state, or ?error=access_denied).
 */
export const consentVia = async (authorizeUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ state: string; code?: string; error?: string }> => {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${html.slice(0, 200)}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('consent page: no form');
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1] ?? '';
    if (name) fields.set(unescape(name), unescape(value));
  }
  fields.set('decision', decision);
  const answer = await fetch(new URL(unescape(action), authorizeUrl), { method: 'POST', body: fields, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`consent form: ${answer.status} without a redirect`);
  const back = new URL(location, authorizeUrl).searchParams;
  return { state: back.get('state') ?? '', ...(back.get('code') ? { code: back.get('code')! } : {}), ...(back.get('error') ? { error: back.get('error')! } : {}) };
};
