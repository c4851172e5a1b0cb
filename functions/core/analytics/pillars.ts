/**
 * The content pillar of a post: a deterministic keyword match of its caption against the brand's pillars (name and
 * description), so the same caption always lands in the same pillar and an edited pillar list applies at once.
 *
 * Words are compared folded (lower case, accents off, a plain plural made singular); a hashtag of the pillar's name
 * run together (#behindthescenes) or the whole name as a phrase counts most, a word of the name next, a word of its
 * description least. The pillar with the highest score wins, ties to the earlier pillar; below MIN_SCORE, none.
 */
export type Pillar = { name: string; description?: string };

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how in into is it its of on or our the their this to we what with you your about all more new out up us'.split(' '),
);

const WEIGHT = { phrase: 6, nameWord: 3, descriptionWord: 1 } as const;
/** One word of a pillar's name, or three of its description. */
const MIN_SCORE = 3;

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/** A word made comparable: lower case, accents off, a plain English plural made singular. */
export const stem = (word: string): string => {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
};

const wordsOf = (text: string): string[] => (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(stem);

/** Keywords of a text: its words without stop words and single letters. */
const keywordsOf = (text: string): Set<string> => new Set(wordsOf(text).filter((word) => word.length > 1 && !STOP_WORDS.has(word)));

/** phrase and joined: only for a name of several words (a one-word name's phrase is its word, counted once). */
type Matcher = { name: string; phrase?: string; joined?: string; nameWords: Set<string>; descriptionWords: Set<string> };

const matcherOf = (pillar: Pillar): Matcher => {
  const nameWords = keywordsOf(pillar.name);
  const words = wordsOf(pillar.name);
  return {
    name: pillar.name,
    ...(words.length > 1 ? { phrase: ` ${words.join(' ')} `, joined: words.join('') } : {}),
    nameWords,
    descriptionWords: new Set([...keywordsOf(pillar.description ?? '')].filter((word) => !nameWords.has(word))),
  };
};

/** Builds the matcher once for a list of pillars; the answer is the matching pillar's name or undefined. */
export const pillarMatcher = (pillars: readonly Pillar[]): ((caption: string | undefined) => string | undefined) => {
  const matchers = pillars.filter((pillar) => pillar.name.trim()).map(matcherOf);
  if (!matchers.length) return () => undefined;
  return (caption) => {
    if (!caption) return undefined;
    const words = wordsOf(caption);
    const text = ` ${words.join(' ')} `;
    const present = new Set(words);
    const hashtags = new Set((fold(caption).match(/#[\p{L}\p{N}_]+/gu) ?? []).map((tag) => tag.slice(1).replace(/_/g, '')));
    let best: { name: string; score: number } | undefined;
    for (const matcher of matchers) {
      let score = 0;
      if ((matcher.phrase && text.includes(matcher.phrase)) || (matcher.joined && [...hashtags].some((tag) => stem(tag) === matcher.joined || tag === matcher.joined))) {
        score += WEIGHT.phrase;
      }
      for (const word of matcher.nameWords) if (present.has(word)) score += WEIGHT.nameWord;
      for (const word of matcher.descriptionWords) if (present.has(word)) score += WEIGHT.descriptionWord;
      if (score >= MIN_SCORE && (!best || score > best.score)) best = { name: matcher.name, score };
    }
    return best?.name;
  };
};
