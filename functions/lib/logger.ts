import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; error detail goes here, never to the client. */
export const logger = new Logger({ serviceName: 'brandslate' });
