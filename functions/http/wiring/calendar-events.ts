import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { maskSecret } from '#lib/secrets/mask';
import { listTaskDeliveryItems, markCalendarEventRemoved } from '#data/deliveries';
import { getIntegrationItem, updateIntegrationItem } from '#data/integrations';
import { getIntegrationsForDelivery } from '#data/integrations-for-delivery';
import type { CalendarEventDeps } from '#core/integrations/calendar-events';
import { saveProviderOutcome } from '#core/integrations/manage';
import { systemClock as clock } from '#core/clock';

/** The Google Calendar client (≈450 KB with its auth library), loaded by the few edits that move an event. */
const calendar = () => import('#lib/providers/calendar').then((module) => module.calendarProvider);

/**
 * A task's calendar events on the table and Google Calendar. Only the calendar client is imported (not every
 * provider), and only when an event moves: most task edits never evaluate it.
 */
export const calendarEvents: CalendarEventDeps = {
  clock,
  listTaskDeliveries: async (workspaceId, taskId) => (await listTaskDeliveryItems(workspaceId, taskId)).deliveries,
  getIntegrationsForDelivery,
  saveProviderOutcome: (integration, outcome) =>
    saveProviderOutcome({ clock, getIntegrationItem, updateIntegrationItem, secrets: { seal: sealSecrets, open: openSecrets, mask: maskSecret } }, integration, outcome),
  calendar: {
    moveEvent: async (input) => (await calendar()).moveEvent(input),
    deleteEvent: async (input) => (await calendar()).deleteEvent(input),
  },
  markEventRemoved: markCalendarEventRemoved,
};
