/**
 * A brand's address from its name, the same rule as the server's (functions/core/projects/slugify.ts): lower
 * case, accents removed, '&' → '-and-', spaces → hyphens; anything else that is not a letter or digit is dropped,
 * hyphens never repeat nor start or end it, 80 characters at most. "Café & Co" → "cafe-and-co".
 */
export const slugify = (name: string): string =>
  name
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
