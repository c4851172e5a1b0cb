import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { control, deliveriesOf, eventually, fakesOrigin } from './support/deliveries';

/**
 * Tasks sent to Jira and monday through the whole pipeline (create → outbox → the provider's queue → its
 * consumer → the local fake), with what each made and the link the delivery keeps.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;

beforeAll(async () => {
  owner = await userWithWorkspace('providers');
});

const newBrand = async () => (await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Sent ${randomUUID().slice(0, 6)}` } })).body.uid as string;
const connect = async (projectId: string, body: Record<string, unknown>) => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations`, { token: owner.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.uid as string;
};
const createTask = async (projectId: string, integrationUid: string, extra: Record<string, unknown> = {}) => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, {
    token: owner.token,
    body: { summary: `Sent on ${randomUUID().slice(0, 6)}`, project_uid: projectId, integrations: [integrationUid], ...extra },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const sent = async (taskId: string, attempts = 1) =>
  (await eventually(() => deliveriesOf(owner, taskId), (log) => log[0]?.status === 'sent' && log[0].attempts === attempts, 20_000, `delivery sent after ${attempts} attempt(s)`))[0];

type JiraIssue = { key: string; fields: { summary: string; labels?: string[]; parent?: { key: string }; issuetype: { name: string } } };
const jiraIssues = async () => (await control('GET', '/state.json')).jira.issues as JiraIssue[];

describe('Jira', () => {
  it('creates the issue under the epic, links it from the delivery, and a second attempt finds it by its label instead of creating another', async () => {
    const projectId = await newBrand();
    const site = `${fakesOrigin()}/jira`;
    const integrationUid = await connect(projectId, {
      type: 'jira',
      name: 'Marketing Jira',
      settings: { auth: 'token', site_url: site, project_key: 'MKT', issue_type: 'Task', epic_required: true },
      secrets: { email: 'ops@example.com', api_token: 'local-jira-api-token' },
    });
    const task = await createTask(projectId, integrationUid, { jira_epic: 'MKT-1' });
    const delivery = await sent(task.uid);
    const key = /\/browse\/([A-Z]+-\d+)$/.exec(delivery.link)?.[1];
    expect(delivery.link).toBe(`${site}/browse/${key}`);
    const ofTask = (await jiraIssues()).filter((issue) => issue.fields.summary === task.summary);
    expect(ofTask).toEqual([expect.objectContaining({ key, fields: expect.objectContaining({ parent: { key: 'MKT-1' }, issuetype: expect.objectContaining({ name: 'Task' }) }) })]);
    const label = ofTask[0]!.fields.labels?.find((l) => l.startsWith('brandslate-'));
    expect(label).toBe(`brandslate-${delivery.id}`);
    expect((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).body.details.integrations).toEqual([{ type: 'jira', success: true, project_integration_uid: integrationUid }]);

    // The delivery made again as if its first answer had been lost (a consumer that died after Jira created the
    // issue): back to pending through the data layer, so the outbox and the Jira consumer run attempt 2.
    Object.assign(process.env, inject('functionEnv'));
    const { listTaskDeliveryItems, resetDelivery } = await import('#data/deliveries');
    const [item] = (await listTaskDeliveryItems(owner.workspaceId, task.uid)).deliveries;
    expect(await resetDelivery(item!, new Date().toISOString())).toBe('done');
    const again = await sent(task.uid, 2);
    expect(again.link).toBe(delivery.link);
    expect(again.attempts_log.map((a: { outcome: string }) => a.outcome)).toEqual(['sent', 'sent']);
    expect((await jiraIssues()).filter((issue) => issue.fields.labels?.includes(label!))).toHaveLength(1);
  });
});

describe('monday', () => {
  it('creates an item on the chosen board and group, linked from the delivery', async () => {
    const projectId = await newBrand();
    const integrationUid = await connect(projectId, {
      type: 'monday',
      name: 'Content board',
      settings: { board_id: '1234567890', group_id: 'new_group' },
      secrets: { api_token: 'local-monday-api-token' },
    });
    const task = await createTask(projectId, integrationUid);
    const delivery = await sent(task.uid);
    const itemId = /\/boards\/1234567890\/pulses\/(\d+)$/.exec(delivery.link)?.[1];
    expect(itemId, delivery.link).toBeDefined();
    // The fake's state names an item's group by its title (new_group is "Next week" on that board).
    const items = (await control('GET', '/state.json')).monday.items as { id: string; name: string; url: string; group: string }[];
    const item = items.find((candidate) => candidate.id === itemId);
    expect(item).toMatchObject({ url: delivery.link, name: expect.stringContaining(task.summary), group: 'Next week' });
    expect(items.filter((candidate) => candidate.name.includes(task.summary))).toHaveLength(1);
    expect((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).body.details.integrations).toEqual([{ type: 'monday', success: true, project_integration_uid: integrationUid }]);
  });
});
