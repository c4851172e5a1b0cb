/** Substitutes `{param}` placeholders of a route path; every placeholder must have a non-empty value. */
export const buildPath = (template: string, params: Readonly<Record<string, unknown>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });

/** A query string from defined, non-empty values (with its leading '?'), or ''. */
export const buildQuery = (query: Readonly<Record<string, unknown>> = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
