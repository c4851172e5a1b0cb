import type { FakeResponse } from './core';
import { pngOfRows, rgbPng } from '../png';

/**
 * A fake "social web" for the posts (issue 12): post pages on the fakes' allow-listed host, so the guarded fetcher
 * reaches them locally as it reaches a platform in AWS, never the internet.
 * - /social/<platform>/<n>        a post page announcing its oEmbed JSON (n = 1, 2, …: numbered posts for bulk imports)
 * - /social/<platform>/og-<n>     a post page with OpenGraph tags only
 * - /social/<platform>/svg-<n>, private-<n>, bigimg-<n>   OpenGraph post pages whose image is an SVG, at a private
 *                                 address (the metadata service), or a PNG over the thumbnail cap: kept without one
 * - /social/oembed?url=<post>     the oEmbed JSON of a post page
 * - /social/<platform>/missing-…  a 404; /social/about  a site's page that is not a post
 * - /social/slow?ms=<n>           a post page answered after n ms (at most 30 s); /social/big  a page over the size cap
 * - /social/img/<n>.png           a post's image (its number on a colour of its own); /social/img/<n>.svg the same as SVG
 * - /social/img/big.png           a PNG of 6 MB
 */
const PLATFORMS = new Set(['instagram', 'tiktok', 'youtube', 'facebook', 'linkedin', 'x', 'threads', 'pinterest', 'web']);
const AUTHORS = ['Crumb & Co', 'Northwind Coffee', 'Alex Rivera', 'Studio Lumen'];
const html = (body: string): FakeResponse => ({ status: 200, body, contentType: 'text/html; charset=utf-8' });
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The facts of numbered post n: deterministic, so a test knows what the fetcher must read. */
export const socialPost = (platform: string, n: number) => ({
  author: AUTHORS[n % AUTHORS.length]!,
  caption: `Post ${n} on ${platform}: fresh sourdough & a cinnamon swirl, baked at dawn #bakery`,
  published_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  image: `/social/img/${n}.png`,
});

/** The image variants of OpenGraph post pages (path prefix → the image the page names). */
const IMAGE_VARIANTS: Record<string, (n: number) => string> = {
  'svg-': (n) => `/social/img/${n}.svg`,
  'private-': () => 'http://169.254.169.254/latest/meta-data/thumb.png',
  'bigimg-': () => '/social/img/big.png',
};

const postPage = (platform: string, n: number, withOembed: boolean, path: string, imageUrl?: string) => {
  const post = { ...socialPost(platform, n), ...(imageUrl ? { image: imageUrl } : {}) };
  const oembed = withOembed ? `<link rel="alternate" type="application/json+oembed" href="/social/oembed?url=${encodeURIComponent(path)}" title="oEmbed">` : '';
  return html(`<!doctype html>
<html lang="en"><head><title>${escape(post.author)} on ${platform}</title>
${oembed}
<meta property="og:type" content="article">
<meta property="og:title" content="${escape(post.author)} on ${platform}">
<meta property="og:description" content="${escape(post.caption)}">
<meta property="og:image" content="${post.image}">
<meta property="article:author" content="${escape(post.author)}">
<meta property="article:published_time" content="${post.published_at}">
</head><body><article><p>${escape(post.caption)}</p><img src="${post.image}" alt=""></article></body></html>`);
};

const ABOUT = `<!doctype html><html lang="en"><head><title>About us</title>
<meta property="og:type" content="website"><meta property="og:title" content="About Crumb &amp; Co">
<meta name="description" content="Who we are."></head><body><h1>About us</h1></body></html>`;

/** 3×5 digits, a row a string. */
const DIGITS = ['111101101101111', '010110010010111', '111001111100111', '111001111001111', '101101111001001', '111100111001111', '111100111101111', '111001001001001', '111101111101111', '111101111001111'];
const hueRgb = (hue: number, s: number, l: number): [number, number, number] => {
  const a = s * Math.min(l, 1 - l);
  const f = (k: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  const at = (n: number) => f((n + hue / 30) % 12);
  return [at(0), at(8), at(4)];
};

/**
 * Post n's image as a PNG: its number drawn large on a colour of its own, lighter towards the bottom. Built a run
 * at a time (a background row, then the digits' cells over it): a bulk import asks for thousands, in the process
 * it measures.
 */
const pngImage = (n: number): FakeResponse => {
  const size = 320;
  const cell = 18;
  const text = String(n);
  const [r, g, b] = hueRgb((n * 47) % 360, 0.6, 0.62);
  const width = text.length * 4 * cell - cell;
  const left = Math.floor((size - width) / 2);
  const top = Math.floor((size - 5 * cell) / 2);
  const stride = 1 + size * 3;
  const rows = Buffer.alloc(size * stride);
  const ink = Buffer.from([34, 34, 48]);
  for (let y = 0; y < size; y++) {
    const start = y * stride + 1;
    const t = (y / size) * 0.35;
    rows.fill(Buffer.from([r + (255 - r) * t, g + (255 - g) * t, b + (255 - b) * t].map(Math.round)), start, start + size * 3);
    const row = Math.floor((y - top) / cell);
    if (y < top || row > 4) continue;
    for (let col = 0; col < text.length * 4; col++) {
      if (col % 4 === 3 || DIGITS[Number(text[Math.floor(col / 4)])]?.[row * 3 + (col % 4)] !== '1') continue;
      const x = left + col * cell;
      rows.fill(ink, start + x * 3, start + Math.min(size, x + cell) * 3);
    }
  }
  return { status: 200, contentType: 'image/png', body: pngOfRows(size, size, rows) };
};

const image = (n: number): FakeResponse => ({
  status: 200,
  contentType: 'image/svg+xml',
  body: `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="hsl(${(n * 47) % 360} 60% 70%)"/><text x="160" y="175" font-size="64" text-anchor="middle" font-family="sans-serif">${n}</text></svg>`,
});

const numbered = (segment: string) => (/^\d{1,6}$/.test(segment) ? Number(segment) : undefined);

export const socialPage = async (path: string, query: URLSearchParams): Promise<FakeResponse> => {
  if (path === '/about') return html(ABOUT);
  if (path === '/big') return html(`<!doctype html><html><head><title>Big</title></head><body>${'x'.repeat(3_000_000)}</body></html>`);
  if (path === '/slow') {
    const ms = Math.min(30_000, Math.max(0, Number(query.get('ms')) || 10_000));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return postPage('instagram', 1, false, '/social/slow');
  }
  if (path === '/img/big.png') return { status: 200, contentType: 'image/png', body: Buffer.concat([rgbPng(1, 1, () => [0, 0, 0]), Buffer.alloc(6 * 1024 * 1024)]) };
  const img = /^\/img\/(\d{1,6})\.(svg|png)$/.exec(path);
  if (img) return img[2] === 'png' ? pngImage(Number(img[1])) : image(Number(img[1]));
  if (path === '/oembed') {
    const target = new URL(query.get('url') ?? '', 'http://fake.invalid');
    const match = /^\/social\/([a-z]+)\/(\d{1,6})$/.exec(target.pathname);
    if (!match || !PLATFORMS.has(match[1]!)) return { status: 404, body: { error: 'no such post' } };
    const post = socialPost(match[1]!, Number(match[2]));
    return {
      status: 200,
      body: {
        version: '1.0',
        type: 'rich',
        provider_name: match[1],
        title: post.caption,
        author_name: post.author,
        author_url: `/social/${match[1]}/profile`,
        thumbnail_url: post.image,
        thumbnail_width: 320,
        thumbnail_height: 320,
        html: `<blockquote>${escape(post.caption)}</blockquote>`,
      },
    };
  }
  const page = /^\/([a-z]+)\/([a-z0-9-]{1,40})$/.exec(path);
  if (page && PLATFORMS.has(page[1]!)) {
    const [, platform, id] = page as unknown as [string, string, string];
    const plain = numbered(id);
    if (plain !== undefined) return postPage(platform, plain, true, `/social${path}`);
    const og = id.startsWith('og-') ? numbered(id.slice(3)) : undefined;
    if (og !== undefined) return postPage(platform, og, false, `/social${path}`);
    for (const [prefix, imageOf] of Object.entries(IMAGE_VARIANTS)) {
      const variant = id.startsWith(prefix) ? numbered(id.slice(prefix.length)) : undefined;
      if (variant !== undefined) return postPage(platform, variant, false, `/social${path}`, imageOf(variant));
    }
  }
  return { status: 404, body: '<!doctype html><title>Not found</title><h1>Not found</h1>', contentType: 'text/html; charset=utf-8' };
};
