import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { maskSecret } from '#lib/secrets/mask';
import { listTaskDeliveryItems, markCalendarEventRemoved } from '#data/deliveries';
import { getIntegrationItem, updateIntegrationItem } from '#data/integrations';
import { getIntegrationsForDelivery } from '#data/integrations-for-delivery';
import type { CalendarEventDeps } from '#core/integrations/calendar-events';
import { saveProviderOutcome } from '#core/integrations/manage';
import { calendarProvider } from '#lib/providers/calendar';
import { systemClock as clock } from '#core/clock';

/** A task's calendar events on the table and Google Calendar (only the calendar client, not every provider). */
export const calendarEvents: CalendarEventDeps = {
  clock,
  listTaskDeliveries: async (workspaceId, taskId) => (await listTaskDeliveryItems(workspaceId, taskId)).deliveries,
  getIntegrationsForDelivery,
  saveProviderOutcome: (integration, outcome) =>
    saveProviderOutcome({ clock, getIntegrationItem, updateIntegrationItem, secrets: { seal: sealSecrets, open: openSecrets, mask: maskSecret } }, integration, outcome),
  calendar: calendarProvider,
  markEventRemoved: markCalendarEventRemoved,
};
