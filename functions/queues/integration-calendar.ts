import { calendarProvider } from '#lib/providers/calendar';
import { deliveryConsumer } from './wiring/deliveries';

/** Deliveries of tasks to calendar integrations, one attempt per message. */
export const handler = deliveryConsumer('calendar', calendarProvider);
