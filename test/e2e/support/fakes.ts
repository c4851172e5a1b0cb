import { baseUrl } from './mail';

/** Where the fakes listen (their page names the webhook receiver's URL); /social/… is the local fake social web there. */
export const fakesOrigin = async () => {
  const page = await (await fetch(`${baseUrl()}/_local/integrations`)).text();
  const origin = /(http:\/\/127\.0\.0\.1:\d+)\/webhook\//.exec(page)?.[1];
  if (!origin) throw new Error('The fake providers page names no webhook URL');
  return origin;
};
