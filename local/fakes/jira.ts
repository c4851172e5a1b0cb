import { escapeHtml } from '../mail';
import { json, type FakeRequest, type FakeResponse } from './core';
import { HTML, page } from './oauth';

/**
 * Jira Cloud's REST API v3, the part the Jira provider calls: myself, project, issue create and the enhanced JQL
 * search (/rest/api/3/search/jql) with the `labels` and `project` clauses, plus a browse page per issue so the
 * link a delivery stores opens something. Reached at /jira (API token, Basic auth) and, for OAuth apps, at
 * /atlassian/ex/jira/<cloudId> (Bearer), as the real site and api.atlassian.com are. Errors carry Jira's shape:
 * { errorMessages: [...], errors: { field: message } }.
 */
export const LOCAL_JIRA = {
  /** The API token the fake accepts (with any account email). */
  apiToken: 'local-jira-api-token',
  cloudId: '11111111-2222-4333-8444-555555555555',
  siteName: 'brandslate-local',
  accountId: '5b10a2844c20165700ede21g',
} as const;

type Issue = { id: string; key: string; projectKey: string; fields: Record<string, unknown>; created: string };
type Project = { id: string; key: string; name: string };

const ISSUE_TYPES = [
  { id: '10001', name: 'Task', subtask: false, hierarchyLevel: 0 },
  { id: '10002', name: 'Story', subtask: false, hierarchyLevel: 0 },
  { id: '10003', name: 'Bug', subtask: false, hierarchyLevel: 0 },
  { id: '10000', name: 'Epic', subtask: false, hierarchyLevel: 1 },
];

export const jiraErrorBody = (status: number) => {
  const messages: Record<number, string> = {
    401: 'You are not authenticated. Authentication required to perform this operation.',
    403: 'You do not have permission to perform this operation.',
    404: 'Issue does not exist or you do not have permission to see it.',
    429: 'Rate limit exceeded.',
  };
  return { errorMessages: [messages[status] ?? 'Internal server error'], errors: {} };
};

export const createJira = () => {
  const projects = new Map<string, Project>([
    ['MKT', { id: '10000', key: 'MKT', name: 'Marketing' }],
    ['WEB', { id: '10001', key: 'WEB', name: 'Website' }],
  ]);
  const issues = new Map<string, Issue>();
  const counters = new Map<string, number>();
  let nextId = 10000;
  const add = (projectKey: string, fields: Record<string, unknown>) => {
    const number = (counters.get(projectKey) ?? 0) + 1;
    counters.set(projectKey, number);
    const issue: Issue = { id: String(nextId++), key: `${projectKey}-${number}`, projectKey, fields, created: new Date().toISOString() };
    issues.set(issue.key, issue);
    return issue;
  };
  // Epics to pick from on the task form (MKT-1, WEB-1).
  add('MKT', { summary: 'Spring launch', issuetype: { name: 'Epic' }, labels: [] });
  add('WEB', { summary: 'Site relaunch', issuetype: { name: 'Epic' }, labels: [] });

  const issueView = (issue: Issue, site: string, fields?: string[]) => ({
    id: issue.id,
    key: issue.key,
    self: `${site}/rest/api/3/issue/${issue.id}`,
    fields: fields ? Object.fromEntries(fields.filter((f) => f in issue.fields).map((f) => [f, issue.fields[f]])) : issue.fields,
  });

  /** A JQL subset: clauses joined by AND, each `labels = x`, `labels in (x, y)`, `project = KEY` or `key = K-1`. */
  const search = (jql: string): Issue[] | string => {
    const clauses = jql.trim().replace(/\s+ORDER BY .*$/i, '').split(/\s+AND\s+/i).filter(Boolean);
    const tests: ((issue: Issue) => boolean)[] = [];
    for (const clause of clauses) {
      const match = /^(\w+)\s*(=|in)\s*(.+)$/i.exec(clause.trim());
      if (!match) return `Error in the JQL Query: Expecting operator but got '${clause}'.`;
      const [, field, operator, raw] = match as unknown as [string, string, string, string];
      const values = (operator.toLowerCase() === 'in' ? raw.replace(/^\(|\)$/g, '').split(',') : [raw]).map((v) => v.trim().replace(/^["']|["']$/g, ''));
      const name = field.toLowerCase();
      if (name === 'labels') tests.push((i) => ((i.fields.labels as string[] | undefined) ?? []).some((l) => values.includes(l)));
      else if (name === 'project') tests.push((i) => values.includes(i.projectKey));
      else if (name === 'key' || name === 'issuekey') tests.push((i) => values.includes(i.key));
      else return `Field '${field}' does not exist or you do not have permission to view it.`;
    }
    if (tests.length === 0) return 'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.';
    return [...issues.values()].filter((issue) => tests.every((test) => test(issue)));
  };

  const isAdf = (value: unknown) => !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content);

  const create = (body: Record<string, unknown> | undefined, site: string): FakeResponse => {
    const fields = (body?.fields ?? {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    const projectRef = (fields.project ?? {}) as { key?: string; id?: string };
    const project = [...projects.values()].find((p) => p.key === projectRef.key || p.id === projectRef.id);
    if (!project) errors.project = 'valid project is required';
    const typeRef = (fields.issuetype ?? {}) as { name?: string; id?: string };
    const issueType = ISSUE_TYPES.find((t) => t.name === typeRef.name || t.id === typeRef.id);
    if (!issueType) errors.issuetype = 'Specify a valid issue type';
    if (typeof fields.summary !== 'string' || !fields.summary.trim()) errors.summary = 'You must specify a summary of the issue.';
    else if (fields.summary.length > 255) errors.summary = 'Summary must be less than 255 characters.';
    if (fields.description !== undefined && fields.description !== null && !isAdf(fields.description)) {
      errors.description = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
    }
    const labels = fields.labels ?? [];
    if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string')) errors.labels = 'The labels must be an array of strings.';
    else {
      const spaced = labels.find((l: string) => /\s/.test(l));
      if (spaced) errors.labels = `The label '${spaced}' contains spaces which is invalid.`;
    }
    if (fields.parent !== undefined) {
      const parentRef = fields.parent as { key?: string; id?: string };
      const parent = [...issues.values()].find((i) => i.key === parentRef.key || i.id === parentRef.id);
      if (!parent) errors.parent = 'Could not find issue by id or key.';
      else if ((parent.fields.issuetype as { name?: string }).name !== 'Epic') errors.parent = 'Given parent work item does not belong to appropriate hierarchy.';
    }
    if (Object.keys(errors).length > 0 || !project) {
      return json(400, { errorMessages: [], errors }, { summary: `create refused: ${Object.keys(errors).join(', ')}` });
    }
    const issue = add(project.key, { ...fields, issuetype: { id: issueType!.id, name: issueType!.name } });
    return json(201, { id: issue.id, key: issue.key, self: `${site}/rest/api/3/issue/${issue.id}` }, { summary: `created ${issue.key}: ${String(fields.summary)}` });
  };

  /** The REST API below the site (path starts at /rest/...). `site` is the base the client used. */
  const handleApi = (req: FakeRequest, site: string): FakeResponse => {
    const { method, path } = req;
    if (method === 'GET' && path === '/rest/api/3/myself') {
      return json(200, { accountId: LOCAL_JIRA.accountId, accountType: 'atlassian', emailAddress: 'demo@brandslate.local', displayName: 'Local Jira user', active: true, timeZone: 'UTC' }, { summary: 'myself' });
    }
    const projectMatch = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path);
    if (method === 'GET' && projectMatch) {
      const key = decodeURIComponent(projectMatch[1]!);
      const project = [...projects.values()].find((p) => p.key === key || p.id === key);
      if (!project) return json(404, { errorMessages: [`No project could be found with key '${key}'.`], errors: {} }, { summary: `project ${key}: not found` });
      return json(200, { ...project, self: `${site}/rest/api/3/project/${project.id}`, issueTypes: ISSUE_TYPES, projectTypeKey: 'software', simplified: true }, { summary: `project ${key}` });
    }
    if (method === 'POST' && path === '/rest/api/3/issue') return create(req.body, site);
    if (path === '/rest/api/3/search/jql' && (method === 'GET' || method === 'POST')) {
      const jql = method === 'GET' ? (req.query.get('jql') ?? '') : String(req.body?.jql ?? '');
      const fieldsParam = method === 'GET' ? req.query.getAll('fields').flatMap((f) => f.split(',')) : ((req.body?.fields as string[] | undefined) ?? []);
      const found = search(jql);
      if (typeof found === 'string') return json(400, { errorMessages: [found], warningMessages: [] }, { summary: `search refused: ${jql}` });
      return json(200, { issues: found.map((issue) => issueView(issue, site, fieldsParam.length ? fieldsParam : ['summary'])), isLast: true }, { summary: `search ${jql}: ${found.length} found` });
    }
    const issueMatch = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
    if (method === 'GET' && issueMatch) {
      const ref = decodeURIComponent(issueMatch[1]!);
      const issue = [...issues.values()].find((i) => i.key === ref || i.id === ref);
      if (!issue) return json(404, jiraErrorBody(404), { summary: `issue ${ref}: not found` });
      return json(200, issueView(issue, site), { summary: `issue ${issue.key}` });
    }
    return json(404, { errorMessages: [`The local Jira does not implement ${method} ${path}`], errors: {} }, { summary: 'not implemented' });
  };

  /** /browse/<KEY>: what a person sees when opening a delivery's link. */
  const browse = (key: string): FakeResponse => {
    const issue = issues.get(key);
    if (!issue) return { status: 404, contentType: HTML, body: page('Not found', `<p>No issue ${escapeHtml(key)} in the local Jira.</p>`) };
    const labels = (issue.fields.labels as string[] | undefined) ?? [];
    const parent = (issue.fields.parent as { key?: string } | undefined)?.key;
    return {
      status: 200,
      contentType: HTML,
      body: page(
        `${issue.key} · local Jira`,
        `<main><p class="muted">Local Jira (fake)</p><h1>${escapeHtml(issue.key)}: ${escapeHtml(String(issue.fields.summary ?? ''))}</h1>
<table><tr><th>Type</th><td>${escapeHtml(String((issue.fields.issuetype as { name?: string }).name ?? ''))}</td></tr>
<tr><th>Epic</th><td>${escapeHtml(parent ?? '—')}</td></tr><tr><th>Labels</th><td>${escapeHtml(labels.join(', ') || '—')}</td></tr>
<tr><th>Created</th><td>${escapeHtml(issue.created)}</td></tr></table>
<h2>Description (Atlassian Document Format)</h2><pre>${escapeHtml(JSON.stringify(issue.fields.description ?? null, null, 2))}</pre></main>`,
      ),
    };
  };

  return {
    handleApi,
    browse,
    issues: () => [...issues.values()],
    projects: () => [...projects.values()],
  };
};
export type FakeJira = ReturnType<typeof createJira>;

/** Basic auth with the accepted API token (any email), as an API-token Jira client sends it. */
export const jiraBasicOk = (req: FakeRequest) => {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!basic) return false;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 && decoded.slice(colon + 1) === LOCAL_JIRA.apiToken;
};
