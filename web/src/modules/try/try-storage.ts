import { tryResult, type TryResult } from '#shared/schemas/try';

/**
 * The visitor's try result, kept in this tab only (sessionStorage): the server keeps nothing of an anonymous
 * visitor, so the next steps, the sign-up and the first brand read it from here. It is dropped once the brand is made.
 */
export const TRY_STORAGE_KEY = 'brandslate.try';

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage blocked (privacy settings): the flow still works, without the carry-over
  }
};

export const saveTryResult = (result: TryResult) => storage()?.setItem(TRY_STORAGE_KEY, JSON.stringify(result));

/** The kept result, or null when there is none or it is not one (an older shape, an edited value). */
export const loadTryResult = (): TryResult | null => {
  const raw = storage()?.getItem(TRY_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = tryResult.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const clearTryResult = () => storage()?.removeItem(TRY_STORAGE_KEY);
