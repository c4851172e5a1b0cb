const MAX_ATTEMPTS = 5;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a read → decide → guarded write step until its write lands. A step answers `undefined` when the
 * write's conditions failed (someone changed the items since the read): it then runs again on fresh data, so
 * the rules are applied to the state the write actually meets. Rules that say no throw and end the loop.
 */
export const retryStale = async <T>(what: string, step: () => Promise<T | undefined>, pause = sleep): Promise<T> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await step();
    if (result !== undefined) return result;
    if (attempt < MAX_ATTEMPTS) await pause(20 * attempt);
  }
  throw new Error(`${what}: the items kept changing during ${MAX_ATTEMPTS} attempts`);
};
