import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { CalendarProvider, ProviderConfig, SendResult } from '#lib/providers/provider';
import type { DeliveryItem } from '#data/deliveries';
import type { IntegrationItem } from '#data/integrations';
import type { DeliveryIntegration } from '#data/integrations-for-delivery';
import type { TaskItem } from '#data/tasks';
import type { Clock } from '../clock';

/**
 * A task's Google Calendar events follow the task after it was sent: the event exists while the task's calendar
 * delivery is sent with an event id (externalId). Changing the due date moves it, clearing the due date deletes
 * it; the provider is called before the task is written, so a provider failure leaves everything as it was.
 */
export type CalendarEventDeps = {
  clock: Clock;
  listTaskDeliveries: (workspaceId: string, taskId: string) => Promise<DeliveryItem[]>;
  /** The integrations with their secrets opened (needs the `secrets` grant). */
  getIntegrationsForDelivery: (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string, uids: readonly string[], now: Date) => Promise<DeliveryIntegration[]>;
  /** Renewed tokens sealed and stored; refused credentials mark the integration as needing a reconnect. */
  saveProviderOutcome: (integration: IntegrationItem, outcome: { refreshedSecrets?: Record<string, unknown>; unauthorized?: boolean }) => Promise<void>;
  calendar: Pick<CalendarProvider, 'moveEvent' | 'deleteEvent'>;
  /** The delivery's event is gone: its id and link removed (a truthful log), the delivery still sent. */
  markEventRemoved: (delivery: DeliveryItem & { externalId: string }, now: string) => Promise<void>;
};

/** One event that exists: its delivery and the integration it was made through. */
export type CalendarEvent = { delivery: DeliveryItem & { externalId: string }; integration: DeliveryIntegration };

const hasEvent = (delivery: DeliveryItem): delivery is DeliveryItem & { externalId: string } =>
  delivery.type === 'calendar' && delivery.status === 'sent' && !!delivery.externalId;

/**
 * The task's calendar events that exist and are still ours to change. Only a task whose summary has a sent
 * calendar entry is looked up (most tasks cost nothing). An event whose integration was removed is no longer
 * followed: nothing could reach it, and it must not lock the task's assignee for good.
 */
export const existingCalendarEvents = async (deps: CalendarEventDeps, ctx: Pick<WorkspaceContext, 'workspaceId'>, task: TaskItem): Promise<CalendarEvent[]> => {
  if (!task.integrations?.some((entry) => entry.type === 'calendar' && entry.success === true)) return [];
  const deliveries = (await deps.listTaskDeliveries(ctx.workspaceId, task.taskId)).filter(hasEvent);
  const projects = [...new Set(deliveries.map((delivery) => delivery.projectId))];
  const integrations = (
    await Promise.all(projects.map((projectId) => deps.getIntegrationsForDelivery(ctx, projectId, deliveries.filter((d) => d.projectId === projectId).map((d) => d.integrationUid), deps.clock())))
  ).flat();
  return deliveries.flatMap((delivery) => {
    const integration = integrations.find((candidate) => candidate.uid === delivery.integrationUid && candidate.item.projectId === delivery.projectId);
    return integration ? [{ delivery, integration }] : [];
  });
};

/** One call to the calendar through an event's integration, storing what the call renewed or refused. */
const callCalendar = async (deps: CalendarEventDeps, event: CalendarEvent, work: (config: ProviderConfig) => Promise<SendResult>): Promise<SendResult> => {
  const result = await work({ settings: event.integration.settings, secrets: event.integration.secrets });
  await deps.saveProviderOutcome(event.integration.item, { refreshedSecrets: result.refreshedSecrets, unauthorized: !result.ok && result.unauthorized });
  // A later call of this request (moving the event back) uses the renewed token.
  if (result.refreshedSecrets) event.integration = { ...event.integration, secrets: result.refreshedSecrets };
  return result;
};

/** The error of a refused change; `field` when a form field caused it (the due date). */
const updateFailed = (field?: string) => new DomainError('calendar_update_failed', { field });

const requireConnected = (events: readonly CalendarEvent[], field?: string) => {
  if (events.some((event) => event.integration.state !== 'connected')) throw new DomainError('integration_needs_reconnect', { field });
};

/**
 * Deletes the events from Google Calendar, each delivery then marked (so the log and the assignee rule see no
 * event): for a cleared due date, or a task being deleted. A disconnected integration (integration_needs_reconnect)
 * or a provider failure (calendar_update_failed, 502) refuses the change; an event deleted before the failure stays
 * deleted, and its record says so.
 */
export const removeCalendarEvents = async (deps: CalendarEventDeps, events: readonly CalendarEvent[], field?: string): Promise<void> => {
  requireConnected(events, field);
  for (const event of events) {
    const result = await callCalendar(deps, event, (config) => deps.calendar.deleteEvent({ ...config, externalId: event.delivery.externalId }));
    if (!result.ok) throw updateFailed(field);
    await deps.markEventRemoved(event.delivery, deps.clock().toISOString());
  }
};

/** Moves events to a day, best effort (an undo: its failure leaves the event where it is). */
const moveBack = async (deps: CalendarEventDeps, events: readonly CalendarEvent[], dueDate: string | undefined) => {
  if (!dueDate) return;
  await Promise.all(
    events.map((event) => callCalendar(deps, event, (config) => deps.calendar.moveEvent({ ...config, externalId: event.delivery.externalId, dueDate })).catch(() => undefined)),
  );
};

/**
 * Takes the task's events from due date `from` to `to` before the task is written: moved to the new day, or
 * deleted when the due date is cleared (the deliveries marked, so the log and the assignee rule see no event).
 * A disconnected integration (integration_needs_reconnect) or a provider failure (calendar_update_failed, 502)
 * refuses the change; events already moved by it are moved back first. Answers the undo for a write that then
 * fails: the events moved back to `from`. A deleted event is not made again (its record already says it is gone).
 */
export const followDueDate = async (
  deps: CalendarEventDeps,
  events: readonly CalendarEvent[],
  from: string | undefined,
  to: string | undefined,
): Promise<{ undo: () => Promise<void> }> => {
  if (to === undefined) {
    await removeCalendarEvents(deps, events, 'due_date');
    return { undo: async () => undefined };
  }
  requireConnected(events, 'due_date');
  const moved: CalendarEvent[] = [];
  for (const event of events) {
    const result = await callCalendar(deps, event, (config) => deps.calendar.moveEvent({ ...config, externalId: event.delivery.externalId, dueDate: to }));
    if (!result.ok) {
      await moveBack(deps, moved, from);
      throw updateFailed('due_date');
    }
    moved.push(event);
  }
  return { undo: () => moveBack(deps, moved, from) };
};
