import { exportsRoutes } from '#shared/routes/exports';
import { workspaceHandler } from '#lib/workspace-http';
import { listCalendarFeeds } from '#data/calendar-feeds';
import { listMyCalendarFeeds } from '#core/exports/calendar-feeds';

export const handler = workspaceHandler(exportsRoutes.listCalendarFeeds, ({ workspace }) => listMyCalendarFeeds({ listCalendarFeeds }, workspace));
