import { exportsRoutes } from '#shared/routes/exports';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteCalendarFeed } from '#data/calendar-feeds';
import { revokeCalendarFeed } from '#core/exports/calendar-feeds';

export const handler = workspaceHandler(exportsRoutes.deleteCalendarFeed, async ({ workspace, params }) => {
  await revokeCalendarFeed({ deleteCalendarFeed }, workspace, params.feedUid);
  return {};
});
