/**
 * A small, fast deterministic generator (mulberry32): the same seed gives the same numbers in [0, 1) on every run,
 * so the fakes' accounts, the AI emulator's answers and the benches' seeded data do not change between starts.
 */
export const mulberry32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
