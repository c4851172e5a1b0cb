import { baseUrl } from './mail';

/** Where the fakes listen (their page names the webhook receiver's URL); /social/… is the local fake social web there. */
export const fakesOrigin = async () => {
  const page = await (await fetch(`${baseUrl()}/_local/integrations`)).text();
  const origin = /(http:\/\/127\.0\.0\.1:\d+)\/webhook\//.exec(page)?.[1];
  if (!origin) throw new Error('The fake providers page names no webhook URL');
  return origin;
};

/** The fakes' control API and state, mounted on the gateway at /_local/integrations: GET without a body, POST with one. */
export const fakesControl = async (path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl()}/_local/integrations${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};
