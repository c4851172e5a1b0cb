import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { eventually } from '../support/deliveries';
import { emailIntegration } from '../support/integrations';
import { ws, type Case, type World } from '../support/route-case';

/** A task of Alice's in a new brand, sent to that brand's email integration. */
const taskWithDelivery = async (w: World) => {
  const project = await api('POST', `${ws(w)}/projects`, { token: w.alice.token, body: { name: `Deliveries ${randomUUID().slice(0, 8)}` } });
  const integration = await emailIntegration(w.alice, w.alice.workspaceId, project.body.uid, ['deliveries@example.com']);
  const task = await api('POST', `${ws(w)}/tickets`, { token: w.alice.token, body: { summary: 'Sent on', project_uid: project.body.uid, integrations: [integration.uid] } });
  if (task.status !== 201) throw new Error(`create task: ${task.status} ${JSON.stringify(task.body)}`);
  return { taskId: task.body.uid as string, projectId: project.body.uid as string, integrationUid: integration.uid };
};

/** Route cases of the delivery log (happy path, 400, 401, 403 across workspaces). */
export const deliveryCases = {
  listTaskDeliveries: {
    happy: async (w) => api('GET', `/tickets/${(await taskWithDelivery(w)).taskId}/deliveries`, { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body.deliveries).toEqual([
        expect.objectContaining({ id: expect.any(String), type: 'email', name: 'Team mail', attempts: expect.any(Number), attempts_log: expect.any(Array) }),
      ]),
    bad: { call: (w) => api('GET', '/tickets/bad!id/deliveries', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await taskWithDelivery(w)).taskId}/deliveries`, { token: w.mallory.token }),
  },
  listIntegrationDeliveries: {
    happy: async (w) => {
      const { taskId, projectId, integrationUid } = await taskWithDelivery(w);
      const path = `${ws(w)}/projects/${projectId}/integrations/${integrationUid}/deliveries`;
      // The log holds attempts: it shows the task once the consumer has made its first.
      return eventually(() => api('GET', path, { token: w.alice.token }), (answer) => answer.body.attempts?.some((row: any) => row.task.uid === taskId), 20_000, 'the first attempt');
    },
    expectHappy: ({ body }) =>
      expect(body).toEqual({
        attempts: [expect.objectContaining({ attempt: 1, outcome: 'sent', delivery_status: 'sent', task: expect.objectContaining({ summary: 'Sent on' }) })],
        cursor: null,
      }),
    bad: {
      call: async (w) => {
        const { projectId, integrationUid } = await taskWithDelivery(w);
        return api('GET', `${ws(w)}/projects/${projectId}/integrations/${integrationUid}/deliveries?cursor=not-ours`, { token: w.alice.token });
      },
      field: 'cursor',
    },
    foreign: async (w) => {
      const { projectId, integrationUid } = await taskWithDelivery(w);
      return api('GET', `${ws(w)}/projects/${projectId}/integrations/${integrationUid}/deliveries`, { token: w.mallory.token });
    },
  },
  retryDelivery: {
    happy: async (w) => {
      const { taskId } = await taskWithDelivery(w);
      // Once it is sent: a retry while a consumer is sending it is refused (409 delivery_in_progress) by design.
      const log = await eventually(
        () => api('GET', `/tickets/${taskId}/deliveries`, { token: w.alice.token }),
        (answer) => answer.body.deliveries[0]?.status === 'sent',
        20_000,
        'the delivery sent',
      );
      return api('POST', `/tickets/${taskId}/deliveries/${log.body.deliveries[0].id}/retry`, { token: w.alice.token });
    },
    // A sent delivery is answered as it is (a failed one goes back to pending; deliveries-*.test.ts).
    expectHappy: ({ body }) => expect(body).toMatchObject({ type: 'email', status: 'sent' }),
    bad: { call: async (w) => api('POST', `/tickets/${(await taskWithDelivery(w)).taskId}/deliveries/bad!id/retry`, { token: w.alice.token }), field: 'deliveryId' },
    foreign: async (w) => {
      const { taskId } = await taskWithDelivery(w);
      return api('POST', `/tickets/${taskId}/deliveries/any/retry`, { token: w.mallory.token });
    },
  },
} satisfies Partial<Record<RouteName, Case>>;
