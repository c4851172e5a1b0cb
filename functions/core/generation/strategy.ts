/**
 * A brand's strategy as generation reads it: what prompts are built from and what output is checked against.
 * Wiring maps the content store (voices, audiences, content settings, feedback) to this; core needs nothing else.
 */
export type VoiceProfile = { name: string; description: string; traits: readonly string[]; examplePosts: readonly string[] };

export type BrandStrategy = {
  brandName: string;
  /** The default brand voice, when the brand has one. */
  voice?: VoiceProfile;
  audiences: readonly { name: string; description: string }[];
  pillars: readonly string[];
  offBrand: { rules: readonly string[]; terms: readonly string[] };
  /** content settings `brand_fit_min_score`: below it a task cannot go to Needs approval. */
  minScore: number | null;
};

/** One piece of feedback on a generated field, as the next prompt for that field quotes it. */
export type FeedbackNote = { rating: 'up' | 'down' | null; comment: string; createdAt: string };
