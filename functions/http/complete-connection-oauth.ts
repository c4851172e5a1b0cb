import { connectionsRoutes } from '#shared/routes/connections';
import { httpHandler } from '#lib/http';
import { logger } from '#lib/logger';
import { sealSecrets } from '#lib/secrets/seal';
import { takeOAuthState } from '#data/integrations';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { completeConnection } from '#core/connections/connect';
import { connectionApp } from '#core/connections/apps';
import { readProfile } from '#core/connections/profiles';
import { systemClock as clock } from '#core/clock';
import { connectionStore, queueSync } from './wiring/connections';
import { derivePillars } from './wiring/connection-pillars';

export const handler = httpHandler(connectionsRoutes.completeConnectionOAuth, ({ caller, body }) =>
  completeConnection(
    {
      ...connectionStore,
      clock,
      takeOAuthState,
      findMembership,
      getProjectAndMember,
      connectionApp,
      readProfile,
      seal: sealSecrets,
      queueSync,
      derivePillars,
      log: (message, detail) => logger.warn(message, detail),
    },
    caller,
    body,
  ),
);
