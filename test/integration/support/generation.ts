import { inject } from 'vitest';
import { api } from './api';

/** The fakes' host (the first allow-listed host:port of the stack), where /site/… serves a brand's website. */
export const siteUrl = (path = '/site/bakery') => `http://${inject('functionEnv').OUTBOUND_ALLOWLIST!.split(',')[0]}${path}`;

type Owner = { token: string; workspaceId: string };

/** A new brand of the owner's with a Post task, and (optionally) content settings. */
export const brandWithPost = async (owner: Owner, settings: Record<string, unknown> = {}, task: Record<string, unknown> = {}) => {
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Brand ${Math.random().toString(36).slice(2, 8)}` } });
  if (project.status !== 201) throw new Error(`create project: ${project.status} ${JSON.stringify(project.body)}`);
  const projectId = project.body.uid as string;
  if (Object.keys(settings).length) {
    const saved = await api('PUT', `/workspaces/${owner.workspaceId}/projects/${projectId}`, { token: owner.token, body: settings });
    if (saved.status !== 200) throw new Error(`content settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, {
    token: owner.token,
    body: { summary: 'Why our bread rests for 48 hours', project_uid: projectId, ticket_type: 'post', status: 'in_progress', ...task },
  });
  if (created.status !== 201) throw new Error(`create task: ${created.status} ${JSON.stringify(created.body)}`);
  const ai = `/workspaces/${owner.workspaceId}/projects/${projectId}/ai`;
  return { projectId, taskId: created.body.uid as string, ai, task: created.body };
};
