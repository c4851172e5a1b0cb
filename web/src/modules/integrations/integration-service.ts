import type { CreateIntegrationBody, UpdateIntegrationBody } from '#shared/schemas/integrations';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { taskCall, type TaskRef } from '../task-detail/task-api';

/** The query-cache keys of integrations: a brand's list, a connected calendar account's calendars, a task's deliveries. */
export const integrationKeys = {
  list: (workspaceId: string, projectId: string) => ['workspace', workspaceId, 'project', projectId, 'integrations'] as const,
  calendars: (workspaceId: string, projectId: string, uid: string) => [...integrationKeys.list(workspaceId, projectId), uid, 'calendars'] as const,
  deliveries: (taskUid: string) => ['task', taskUid, 'deliveries'] as const,
  log: (workspaceId: string, projectId: string, uid: string) => [...integrationKeys.list(workspaceId, projectId), uid, 'deliveries'] as const,
};

type Brand = { workspaceId: string; projectId: string };

/** A brand's integrations; anyone who may open the brand may list them. A failure is the caller's to show. */
export const listIntegrations = ({ workspaceId, projectId }: Brand, signal?: AbortSignal) =>
  api.call('listIntegrations', { params: { workspaceId, projectId }, notify: false, signal });

/** After a change the brand's list is fetched again (the page and the task form read it). */
const changed = ({ workspaceId, projectId }: Brand) => {
  void queryClient.invalidateQueries({ queryKey: integrationKeys.list(workspaceId, projectId) });
};

/** Connects one; a 400 is shown on the form's field, so no notification. */
export const createIntegration = async (brand: Brand, body: CreateIntegrationBody) => {
  const created = await api.call('createIntegration', { params: brand, body, notify: false });
  changed(brand);
  return created;
};

export const updateIntegration = async (brand: Brand, integrationUid: string, body: UpdateIntegrationBody) => {
  const updated = await api.call('updateIntegration', { params: { ...brand, integrationUid }, body, notify: false });
  changed(brand);
  return updated;
};

export const deleteIntegration = async (brand: Brand, integrationUid: string) => {
  await api.call('deleteIntegration', { params: { ...brand, integrationUid } });
  changed(brand);
};

/** Sends a test delivery now; the result (ok or the provider's refusal) is the dialog's to show. */
export const testIntegration = (brand: Brand, integrationUid: string) => api.call('testIntegration', { params: { ...brand, integrationUid } });

/** Where to consent again for an integration whose tokens were revoked or expired. */
export const reconnectIntegration = (brand: Brand, integrationUid: string) => api.call('reconnectIntegration', { params: { ...brand, integrationUid } });

export const listCalendars = (brand: Brand, integrationUid: string, signal?: AbortSignal) =>
  api.call('listIntegrationCalendars', { params: { ...brand, integrationUid }, notify: false, signal });

/** Finishes an OAuth consent with what the provider handed back; the success page shows a refusal itself. */
export const completeOAuth = (body: { state: string; code?: string; error?: string }) =>
  api.call('completeIntegrationOAuth', { body, notify: false });

/** A task's deliveries, each with every attempt. */
export const listDeliveries = (ref: TaskRef, signal?: AbortSignal) => api.call('listTaskDeliveries', { ...taskCall(ref), notify: false, signal });

/** Sends a failed or exhausted delivery again now; the task's deliveries are fetched again. */
export const retryDelivery = async (ref: TaskRef, deliveryId: string) => {
  const { params, query } = taskCall(ref);
  const delivery = await api.call('retryDelivery', { params: { ...params, deliveryId }, query });
  void queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(ref.uid) });
  return delivery;
};

/** One page of an integration's delivery log (newest attempt first); `cursor` from the page before. */
export const listIntegrationLog = (brand: Brand, integrationUid: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.call('listIntegrationDeliveries', { params: { ...brand, integrationUid }, query: cursor ? { cursor } : {}, notify: false, signal });

/**
 * Sends the person to the provider's consent page. Same tab: it works on phones (no popup blocker) and the
 * provider returns to /integration-success, which leads back to the integrations page.
 */
export const goToConsent = (authorizeUrl: string) => {
  window.location.assign(authorizeUrl);
};
