import type { RouteName } from '#shared/routes';
import type { Case } from '../support/route-case';

/** Integration cases of comments, uploads, time entries, notifications, project users and covers. */
export const collabCases = {} satisfies Partial<Record<RouteName, Case>>;
