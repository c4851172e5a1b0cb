import { exportsRoutes } from '#shared/routes/exports';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { deleteCalendarFeed, listCalendarFeeds, putCalendarFeed } from '#data/calendar-feeds';
import { getProjectAndMember } from '#data/projects';
import { systemClock as clock } from '#core/clock';
import { createCalendarFeed } from '#core/exports/calendar-feeds';

export const handler = workspaceHandler(exportsRoutes.createCalendarFeed, ({ workspace, body }) =>
  createCalendarFeed({ clock, appUrl: config.appUrl, listCalendarFeeds, putCalendarFeed, deleteCalendarFeed, getProjectAndMember }, workspace, body),
);
