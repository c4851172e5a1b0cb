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

/**
 * A file name as stored (spec 5): the base name slugified like a project address, the extension kept (lower
 * case). "Café Menu & Prices.PDF" → "cafe-menu-and-prices.pdf". A name of symbols only becomes "file".
 */
export const slugifyFileName = (name: string): string => {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < name.length - 1;
  const base = slugify(hasExtension ? name.slice(0, dot) : name) || 'file';
  const extension = hasExtension ? name.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10) : '';
  return extension ? `${base}.${extension}` : base;
};
