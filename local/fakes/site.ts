import type { FakeResponse } from './core';

/**
 * A brand's website for the brand-voice-from-a-website feature: HTML pages on the fakes' allow-listed host, so the
 * guarded fetcher reaches them locally as it reaches a public site in AWS. `/site/redirect?to=<url>` answers a
 * redirect to any address (the guard must refuse one to a private address), `/site/file` a non-page (a PDF).
 */
const BAKERY = `<!doctype html>
<html lang="en"><head><title>Crumb &amp; Co — Neighbourhood sourdough</title>
<meta name="description" content="A small bakery in Leeds baking slow sourdough every morning since 2014.">
<style>body{font-family:serif}</style><script>window.analytics = [];</script></head>
<body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<main><h1>Bread worth waking up for</h1>
<p>We are a small team of bakers who still do things the slow way. Our dough rests for 48 hours, because good things take time.</p>
<p>Pop in before nine and the loaves are still warm. Ask us anything — we love talking about flour.</p>
<h2>What we believe</h2><ul><li>Simple ingredients, named plainly.</li><li>No shortcuts, no additives.</li><li>Bread is for sharing.</li></ul>
</main><footer>© 2026 Crumb &amp; Co · 12 Market Street, Leeds</footer></body></html>`;

export const sitePage = (path: string, query: URLSearchParams): FakeResponse => {
  if (path === '/redirect') return { status: 302, body: '', headers: { location: query.get('to') ?? '/site/bakery' } };
  if (path === '/file') return { status: 200, body: '%PDF-1.4 not a page', contentType: 'application/pdf' };
  if (path === '/bakery' || path === '/' || path === '') return { status: 200, body: BAKERY, contentType: 'text/html; charset=utf-8' };
  return { status: 404, body: '<h1>Not found</h1>', contentType: 'text/html; charset=utf-8' };
};
