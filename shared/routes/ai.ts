/** AI: the provider port's own routes (prompt playground, jobs, usage) and the developer page's health. */
export const aiRoutes = {} as const;
