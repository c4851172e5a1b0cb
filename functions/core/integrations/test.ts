import type { IntegrationTestResult, IntegrationType } from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { DeliveryTask, SendInput, SendResult } from '#lib/providers/provider';
import { providerSecrets, saveProviderOutcome, type IntegrationStore, type SaveSecretsDeps } from './manage';

export type SendIntegration = (type: IntegrationType, input: SendInput) => Promise<SendResult>;

export type TestIntegrationDeps = SaveSecretsDeps &
  Pick<IntegrationStore, 'getProjectForIntegrations'> & {
    appUrl: string;
    newDeliveryId: () => string;
    send: SendIntegration;
  };

/** The task a test delivery carries: plainly a test, due today, linking to the brand's integrations page. */
export const testTask = (project: { name: string; slug: string }, appUrl: string, today: Date, callerEmail: string): DeliveryTask => ({
  uid: 'test',
  number: 0,
  summary: 'Test delivery from Brandslate',
  url: `${appUrl}/project/${encodeURIComponent(project.slug)}/integrations`,
  dueDate: today.toISOString().slice(0, 10),
  status: 'todo',
  priority: '3',
  type: 'task',
  projectName: project.name,
  assigneeEmail: callerEmail,
  epic: null,
  description: 'Sent with "Send test" to check this integration. Nothing needs doing.',
});

/**
 * "Send test": one delivery sent now through the provider (marked as a test where it shows), answering what the
 * provider said. Only a connected integration can be tested; credentials the provider refuses mark it as needing
 * a reconnect, and tokens it renewed are stored.
 */
export const testIntegration = async (deps: TestIntegrationDeps, ctx: WorkspaceContext, projectId: string, integrationUid: string): Promise<IntegrationTestResult> => {
  const [item, project] = await Promise.all([deps.getIntegrationItem(ctx, projectId, integrationUid), deps.getProjectForIntegrations(ctx, projectId)]);
  if (!project) throw new DomainError('project_not_found');
  if (!item) throw new DomainError('integration_not_found');
  if (item.state !== 'connected') throw new DomainError('integration_needs_reconnect');
  const now = deps.clock();
  const secrets = await providerSecrets(deps.secrets.open, item, now);
  const result = await deps.send(item.type, {
    deliveryId: deps.newDeliveryId(),
    attempt: 1,
    task: testTask(project, deps.appUrl, now, ctx.email),
    settings: item.settings,
    secrets,
    test: true,
  });
  await saveProviderOutcome(deps, item, { refreshedSecrets: result.refreshedSecrets, unauthorized: !result.ok && result.unauthorized });
  return result.ok
    ? { ok: true, http_status: result.status ?? null, latency_ms: result.latencyMs, error: null, link: result.link ?? null }
    : { ok: false, http_status: result.status ?? null, latency_ms: result.latencyMs, error: result.error, link: null };
};
