/**
 * The JOB TABLE: scheduled jobs, each a handler module in functions/jobs/<id>.ts run on a fixed rate.
 * CDK turns each entry into an EventBridge rule + Lambda; the local scheduler runs the same handler on a timer.
 * (Reminders arrive with the tasks issue.)
 */
import type { FunctionAccess } from './access';

export type JobSpec = { id: string; rateMinutes: number; access: FunctionAccess; description: string };

export const jobs: readonly JobSpec[] = [];
