/** Content planning: a brand's voices, assistants, audiences, influences, feedback and content settings. */
export const contentRoutes = {} as const;
