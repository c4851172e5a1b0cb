import type { RouteName } from '#shared/routes';
import type { Case } from '../support/route-case';

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the team routes. */
export const teamCases = {} satisfies Partial<Record<RouteName, Case>>;
