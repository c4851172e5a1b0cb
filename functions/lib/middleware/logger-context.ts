import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../logger';

/**
 * Starts each invocation's log keys afresh: the Lambda context (request id, function, cold start) and `keys`
 * (route or queue id, the API request id). Later middlewares add the user and the workspace once they know them.
 * The keys are Powertools' temporary keys, which the Lambda InvokeStore scopes to one invocation when
 * invocations share a process (AWS_LAMBDA_MAX_CONCURRENCY), so concurrent requests never see each other's;
 * they are cleared on the way out so a sequential next invocation starts clean too.
 */
export const loggerContext = <E>(keys: (event: E) => Record<string, string | undefined>): MiddlewareObj<E, unknown, Error, Context> => {
  const clear = () => logger.resetKeys();
  return {
    name: 'loggerContext',
    before: (request) => {
      logger.resetKeys();
      if (request.context?.awsRequestId) logger.addContext(request.context);
      const present = Object.entries(keys(request.event)).filter((entry): entry is [string, string] => entry[1] !== undefined);
      logger.appendKeys(Object.fromEntries(present));
    },
    after: clear,
    onError: clear,
  };
};
