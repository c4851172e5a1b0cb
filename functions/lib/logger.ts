import { Logger } from '@aws-lambda-powertools/logger';
import { sourceStack } from './source-stack';

/** An error as logged: a copy whose stack, and its causes' stacks, name source files (./source-stack.ts). */
const inSourceTerms = (error: Error): Error => {
  const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as Error;
  const own = { configurable: true, writable: true, enumerable: false };
  if (typeof error.stack === 'string') Object.defineProperty(copy, 'stack', { ...own, value: sourceStack(error.stack) });
  if (error.cause instanceof Error) Object.defineProperty(copy, 'cause', { ...own, value: inSourceTerms(error.cause) });
  return copy;
};

/** Structured JSON logs; error detail goes here, never to the client. */
export const logger = new Logger({
  serviceName: 'brandslate',
  jsonReplacerFn: (_key, value) => (value instanceof Error ? inSourceTerms(value) : value),
});
