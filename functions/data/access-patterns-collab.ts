import type { AccessPattern } from './access-patterns';

/** Access patterns of comments, uploads, time entries, reminders, notifications, project users and covers (see access-patterns.ts for the shape). */
export const collabPatterns: readonly AccessPattern[] = [];
