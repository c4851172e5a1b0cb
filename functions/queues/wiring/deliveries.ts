import { integrationQueueId, queueById } from '#shared/queues';
import type { IntegrationType } from '#shared/schemas/integrations';
import { config } from '#lib/config';
import { enqueue, sendToDeadLetters } from '#lib/queue';
import { queueHandler } from '#lib/queue-consumer';
import { logger } from '#lib/logger';
import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { maskSecret } from '#lib/secrets/mask';
import type { Provider } from '#lib/providers/provider';
import { claimDelivery, finishAttempt, getDelivery, getSendContext, putNotifications } from '#data/deliveries';
import { getIntegrationItem, updateIntegrationItem } from '#data/integrations';
import { getProjectWithMembers } from '#data/project-users';
import { getUser } from '#data/users';
import { systemClock as clock } from '#core/clock';
import { deliver, type DeliverDeps } from '#core/integrations/deliver';
import { providerSecrets, saveProviderOutcome } from '#core/integrations/manage';
import { exhaustedNotifications, projectAdmins } from '#core/integrations/notify-exhausted';
import { taskPagePath } from '#core/tasks/task-links';

const secretBox = { seal: sealSecrets, open: openSecrets, mask: maskSecret };

/** The delivery core on the table, the queues and one provider: what each integration queue's consumer runs. */
const deliverDeps = (type: IntegrationType, provider: Provider): DeliverDeps => {
  const queueId = integrationQueueId(type);
  return {
    clock,
    leaseSeconds: queueById(queueId).visibilityTimeoutSeconds,
    get retryTiming() {
      return { scale: config.deliveryRetryScale };
    },
    claimDelivery,
    getDelivery,
    finishAttempt,
    getSendContext,
    deliveryTask: async (task, project) => {
      const assignee = task.assignee ? await getUser(task.assignee) : undefined;
      return {
        uid: task.taskId,
        number: task.number,
        summary: task.summary,
        url: `${config.appUrl}${taskPagePath(project?.slug ?? task.projectId, task.taskId)}`,
        dueDate: task.dueDate ?? null,
        status: task.status,
        priority: task.priority,
        type: task.ticketType,
        projectName: project?.name ?? '',
        assigneeEmail: assignee?.email ?? null,
        epic: task.jiraEpic ?? null,
        description: task.overview ?? task.callNotes ?? null,
      };
    },
    openSecrets: (integration, now) => providerSecrets(secretBox.open, integration, now),
    saveProviderOutcome: (integration, outcome) =>
      saveProviderOutcome({ clock, getIntegrationItem, updateIntegrationItem, secrets: secretBox } as never, integration, outcome),
    send: (_type, input) => provider.send(input),
    enqueue: (message, delaySeconds) => enqueue(queueId, message, { delaySeconds }),
    parkInDeadLetters: (message) => sendToDeadLetters(queueId, message),
    notifyExhausted: async (delivery, task, integration) => {
      const { project, members } = await getProjectWithMembers(delivery, delivery.projectId);
      await putNotifications(
        exhaustedNotifications(delivery, { task, integrationName: integration?.name, projectSlug: project?.slug, appUrl: config.appUrl, admins: projectAdmins(members) }),
      );
    },
  };
};

/**
 * The consumer of an integration type's queue: each message is one attempt at one delivery (see
 * #core/integrations/deliver). A provider's failure is a result, not a failed message; only the consumer's own
 * failure (the table unreachable, a claim held by another consumer) is reported, so SQS brings it back.
 */
export const deliveryConsumer = (type: IntegrationType, provider: Provider) => {
  const deps = deliverDeps(type, provider);
  return queueHandler(queueById(integrationQueueId(type)), async (message) => {
    const result = await deliver(deps, message);
    if (result === 'lost' || result === 'rescheduled') logger.info('Delivery message', { deliveryId: message.deliveryId, attempt: message.attempt, result });
  }, { concurrent: true });
};
