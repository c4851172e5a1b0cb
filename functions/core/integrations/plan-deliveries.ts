import type { CreateTaskBody } from '#shared/schemas/task';
import { DomainError } from '#lib/errors';
import type { NewDeliveryItem } from '#data/deliveries';
import type { IntegrationItem } from '#data/integrations';
import type { TaskItem } from '#data/tasks';

/** What task create needs to know of a project's integrations. */
export type PlannableIntegration = Pick<IntegrationItem, 'integrationUid' | 'type' | 'state' | 'settings'>;

/**
 * The integrations a new task is sent to, checked against its project's: each must be one of them (400
 * integration_not_in_project), connected (409 integration_needs_reconnect: nothing could be sent), and a Jira
 * integration that requires an epic gets one (400 jira_epic_missing). Each integration once, in the order sent.
 */
export const chosenIntegrations = (input: Pick<CreateTaskBody, 'integrations' | 'jira_epic'>, ofProject: readonly PlannableIntegration[]): PlannableIntegration[] => {
  const byUid = new Map(ofProject.map((integration) => [integration.integrationUid, integration]));
  const chosen = [...new Set(input.integrations ?? [])].map((uid) => {
    const integration = byUid.get(uid);
    if (!integration) throw new DomainError('integration_not_in_project', { field: 'integrations' });
    return integration;
  });
  for (const integration of chosen) {
    if (integration.state !== 'connected') throw new DomainError('integration_needs_reconnect', { field: 'integrations' });
    if (integration.type === 'jira' && integration.settings.epic_required === true && !input.jira_epic) {
      throw new DomainError('jira_epic_missing', { field: 'jira_epic' });
    }
  }
  return chosen;
};

/**
 * The task's summary of its deliveries (one entry each, success absent while in flight) and one pending delivery
 * per integration: written in the task's create transaction, so the outbox (the table's stream) sends them.
 */
export const planDeliveries = (
  task: Pick<TaskItem, 'workspaceId' | 'taskId' | 'projectId'>,
  integrations: readonly PlannableIntegration[],
  identity: { now: string; newDeliveryId: () => string },
): { summary: NonNullable<TaskItem['integrations']>; deliveries: NewDeliveryItem[] } => {
  const deliveries = integrations.map(
    (integration, index): NewDeliveryItem => ({
      workspaceId: task.workspaceId,
      taskId: task.taskId,
      deliveryId: identity.newDeliveryId(),
      projectId: task.projectId,
      integrationUid: integration.integrationUid,
      type: integration.type,
      summaryIndex: index,
      status: 'pending',
      attempts: 0,
      seriesStart: 0,
      createdAt: identity.now,
      updatedAt: identity.now,
    }),
  );
  return { summary: integrations.map((i) => ({ type: i.type, projectIntegrationUid: i.integrationUid })), deliveries };
};
