import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listCalendarFeeds } from '#data/calendar-feeds';
import { listMyCalendarFeeds } from '#core/exports/calendar-feeds';

export const handler = workspaceHandler(routes.listCalendarFeeds, ({ workspace }) => listMyCalendarFeeds({ listCalendarFeeds }, workspace));
