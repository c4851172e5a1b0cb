import type { AccessPattern } from './access-patterns';

/** Access patterns of tasks, labels, activity, review links (see access-patterns.ts for the shape). */
export const taskPatterns: readonly AccessPattern[] = [];
