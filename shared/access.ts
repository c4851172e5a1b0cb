import type { QueueId } from './queues';

/**
 * What a function may touch: the same column in the route, queue and job tables. CDK turns it into
 * least-privilege grants; nothing else grants a function anything.
 */
export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  /** Queues it may send to. */
  queues?: readonly QueueId[];
  bucket?: 'read' | 'readWrite';
  /** Sends email through SES (only the email consumer: everyone else queues email). */
  email?: boolean;
  /** Calls Stripe: reads the Stripe keys (Secrets Manager in AWS) and gets STRIPE_SECRET_ARN. Billing routes only. */
  stripe?: boolean;
};
