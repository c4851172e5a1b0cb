import type { RouteName } from '#shared/routes';
import type { Case } from '../support/route-case';

/** Integration cases of tasks, labels, activity and review links. */
export const taskCases = {} satisfies Partial<Record<RouteName, Case>>;
