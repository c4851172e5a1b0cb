/**
 * A project's address from its name, the one rule for the browser (prefilled as you type) and the server
 * (spec: slugified like file names): lower case, accents removed, `&` to `-and-`, spaces to hyphens; anything
 * else that is not a letter or digit is dropped, and hyphens never repeat nor start or end the slug, 80
 * characters at most. "Café & Co" → "cafe-and-co". May answer '' (a name of symbols only).
 */
export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
