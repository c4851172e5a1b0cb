/** A folder's address from Drive as a link target: only http(s), so nothing else a provider answers becomes a link. */
export const driveLink = (value: string | null | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};
