import type { Integration, IntegrationSettings } from '#shared/schemas/integrations';

type Listed = Pick<Integration, 'uid' | 'type' | 'name' | 'state' | 'settings'>;

/** Only a connected integration can be sent to; one waiting for consent or a reconnect shows, switched off. */
export const isSelectable = (integration: Pick<Integration, 'state'>) => integration.state === 'connected';

/**
 * The toggles a new task of a brand starts with (spec 3, the persisted `projectIntegrations` map): the brand's
 * saved choice where there is one, else every connected integration; never one that is gone or not connected.
 */
export const defaultSelection = (integrations: readonly Listed[], saved: readonly string[] | undefined): string[] => {
  const selectable = integrations.filter(isSelectable).map((integration) => integration.uid);
  return saved ? selectable.filter((uid) => saved.includes(uid)) : selectable;
};

/** The selected Jira integrations: the epic field shows when there is one, and is required when one asks for it. */
export const epicRule = (integrations: readonly Listed[], selected: readonly string[]) => {
  const jira = integrations.filter((integration) => integration.type === 'jira' && selected.includes(integration.uid));
  const requiring = jira.find((integration) => (integration.settings as IntegrationSettings<'jira'>).epic_required === true);
  return { shown: jira.length > 0, required: !!requiring, requiredBy: requiring?.name };
};

/** The selection with one integration switched on or off, in the list's order. */
export const toggled = (integrations: readonly Listed[], selected: readonly string[], uid: string, on: boolean) =>
  integrations.map((integration) => integration.uid).filter((candidate) => (candidate === uid ? on : selected.includes(candidate)));
