/** AI generation: brand voice, posts, scripts, hooks, scenes and the brand-fit check. */
export const generationRoutes = {} as const;
