import { exportsRoutes } from '#shared/routes/exports';
import { httpHandler } from '#lib/http';
import { config } from '#lib/config';
import { getCalendarFeed } from '#data/calendar-feeds';
import { findMembership } from '#data/memberships';
import { projectDirectory } from '#data/project-directory';
import { readTaskStreams } from '#data/task-list';
import { systemClock as clock } from '#core/clock';
import { readCalendarFeed } from '#core/exports/calendar-feeds';

export const handler = httpHandler(exportsRoutes.calendarFeed, ({ params }) =>
  readCalendarFeed({ clock, appUrl: config.appUrl, getCalendarFeed, findMembership, projectDirectory, readTaskStreams }, params.token),
);
