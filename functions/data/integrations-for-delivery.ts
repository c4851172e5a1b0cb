import { secretsInForce, type IntegrationState, type IntegrationType } from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { openSecrets } from '#lib/secrets/seal';
import { db } from './db';
import { allExactly } from './exact-ids';
import { fromStored, type IntegrationItem, type StoredIntegration } from './integrations';

/*
 * Apart from ./integrations.ts so that only functions that open secrets carry the secrets module (and its KMS
 * client) in their bundles.
 */

/** An integration as a delivery needs it: settings and the secrets in force, opened. */
export type DeliveryIntegration = {
  uid: string;
  type: IntegrationType;
  name: string;
  state: IntegrationState;
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  /** The stored item, for writing back what a send renewed (core/integrations/manage saveProviderOutcome). */
  item: IntegrationItem;
};

/**
 * The named integrations of a project, for sending deliveries (pattern: integrationsForDelivery, one
 * BatchGetItem): their settings and their secrets opened, a webhook's lapsed previous secret left out. Uids that
 * name no integration of this project are simply absent from the answer. Needs the `secrets: 'open'` grant.
 */
export const getIntegrationsForDelivery = async (
  ctx: Pick<WorkspaceContext, 'workspaceId'>,
  projectId: string,
  uids: readonly string[],
  now: Date = new Date(),
): Promise<DeliveryIntegration[]> => {
  const unique = [...new Set(uids)];
  if (!unique.length) return [];
  const { data } = await db()
    .entities.projectIntegration.get(unique.map((integrationUid) => ({ workspaceId: ctx.workspaceId, projectId, integrationUid })))
    .go({ preserveBatchOrder: true });
  const items = allExactly((data as (StoredIntegration | null)[]).filter((item): item is StoredIntegration => !!item), { workspaceId: ctx.workspaceId, projectId }).map(fromStored);
  return Promise.all(
    items.map(async (item) => {
      const context = { workspaceId: item.workspaceId, integrationUid: item.integrationUid };
      const secrets = item.sealedSecrets ? secretsInForce(await openSecrets(item.sealedSecrets, context), item.previousSecretValidUntil, now) : {};
      return { uid: item.integrationUid, type: item.type, name: item.name, state: item.state, settings: item.settings, secrets, item };
    }),
  );
};

