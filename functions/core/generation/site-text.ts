import { convert } from 'html-to-text';
import { MAX_SITE_TEXT } from '#shared/schemas/generation';

/**
 * A web page reduced to what a reader sees: its title, description and body text without navigation, scripts,
 * styles, images, forms or link targets, whitespace folded, capped at MAX_SITE_TEXT characters (at a word).
 */
const SKIPPED = ['script', 'style', 'noscript', 'nav', 'footer', 'form', 'svg', 'img', 'iframe', 'button', 'select', 'template'];

const metaContent = (html: string, name: string) =>
  new RegExp(`<meta[^>]+(?:name|property)=["']${name}["'][^>]*content=["']([^"']*)["']`, 'i').exec(html)?.[1]?.trim() ?? '';

const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

const decode = (value: string) => convert(value, { wordwrap: false });

export const readableText = (html: string, max = MAX_SITE_TEXT): string => {
  const body = convert(html, {
    wordwrap: false,
    selectors: [
      ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  });
  const head = [decode(titleOf(html)), decode(metaContent(html, 'description') || metaContent(html, 'og:description'))].filter(Boolean);
  const text = [...head, body]
    .join('\n\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > max * 0.8 ? cut.slice(0, lastSpace) : cut;
};

/** Only pages meant to be read: HTML, XHTML or plain text. */
export const isReadableType = (contentType: string | undefined) => !contentType || /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i.test(contentType);
