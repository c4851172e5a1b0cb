import type * as z from 'zod/mini';
import type { calendarList } from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { ProviderConfig, RefreshedSecrets } from '#lib/providers/provider';
import { providerSecrets, saveProviderOutcome, type SaveSecretsDeps } from './manage';

export type CalendarList = z.output<typeof calendarList>;

/** The Google account's calendars (functions/lib/providers/calendar.ts). */
export type ListCalendarsResult = RefreshedSecrets &
  ({ ok: true; calendars: CalendarList } | { ok: false; status?: number; error: string; unauthorized?: boolean });

export type ListIntegrationCalendarsDeps = SaveSecretsDeps & { listCalendars: (config: ProviderConfig) => Promise<ListCalendarsResult> };

/**
 * The connected Google account's calendars, to choose where events go. Tokens the call renewed are stored; a
 * refused token marks the integration as needing a reconnect (integration_needs_reconnect); any other failure is
 * the spec's google_calendar_load_error.
 */
export const listIntegrationCalendars = async (deps: ListIntegrationCalendarsDeps, ctx: WorkspaceContext, projectId: string, integrationUid: string): Promise<CalendarList> => {
  const item = await deps.getIntegrationItem(ctx, projectId, integrationUid);
  if (!item) throw new DomainError('integration_not_found');
  if (item.type !== 'calendar') throw new ValidationError('integrationUid', 'integrationUid must be a Google Calendar integration');
  if (item.state !== 'connected') throw new DomainError('integration_needs_reconnect');
  const secrets = await providerSecrets(deps.secrets.open, item, deps.clock());
  const result = await deps.listCalendars({ settings: item.settings, secrets });
  const unauthorized = !result.ok && !!result.unauthorized;
  await saveProviderOutcome(deps, item, { refreshedSecrets: result.refreshedSecrets, unauthorized });
  if (result.ok) return result.calendars;
  throw new DomainError(unauthorized ? 'integration_needs_reconnect' : 'google_calendar_load_error');
};
