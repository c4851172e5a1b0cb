import { bearer, json, type FakeRequest, type FakeResponse } from './core';
import { jiraErrorBody, LOCAL_JIRA, type FakeJira } from './jira';
import type { OAuthServer } from './oauth';

/**
 * Atlassian's OAuth 2.0 (3LO): the consent page (/authorize), the token endpoint (/oauth/token, JSON or form,
 * refresh tokens rotated on every use), the accessible resources of a token, and the Jira API through
 * api.atlassian.com (/ex/jira/<cloudId>/rest/...). auth.atlassian.com and api.atlassian.com are one fake here
 * (their paths do not collide), so ATLASSIAN_AUTH_URL and ATLASSIAN_API_URL may point at the same base.
 */
export const createAtlassian = (oauth: OAuthServer, jira: FakeJira) => {
  const siteUrl = (origin: string) => `${origin}/jira`;

  return (req: FakeRequest): FakeResponse => {
    if (req.method === 'GET' && req.path === '/authorize') return oauth.authorizePage(req);
    if (req.method === 'POST' && req.path === '/consent') return oauth.consent(req);
    if (req.method === 'POST' && req.path === '/oauth/token') {
      const answer = oauth.exchange(req);
      if (!answer.ok) return json(answer.status === 401 ? 401 : 403, { error: answer.error, error_description: answer.description }, { summary: `token: ${answer.error}` });
      return json(200, answer.body, { summary: `token: ${String(req.body?.grant_type)}` });
    }
    const token = bearer(req);
    if (req.method === 'GET' && req.path === '/oauth/token/accessible-resources') {
      if (!oauth.isValid(token)) return json(401, { code: 401, message: 'Unauthorized' }, { summary: 'accessible-resources: unauthorized' });
      return json(200, [{ id: LOCAL_JIRA.cloudId, url: siteUrl(req.origin), name: LOCAL_JIRA.siteName, scopes: ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'], avatarUrl: '' }], { summary: 'accessible-resources' });
    }
    const api = /^\/ex\/jira\/([^/]+)(\/rest\/.*)$/.exec(req.path);
    if (api) {
      if (api[1] !== LOCAL_JIRA.cloudId) return json(404, { errorMessages: ['Site not found'], errors: {} }, { summary: `cloud ${api[1]}: not found` });
      if (!oauth.isValid(token)) return json(401, jiraErrorBody(401), { summary: `${req.method} ${api[2]}: unauthorized` });
      return jira.handleApi({ ...req, path: api[2]! }, `${req.origin}/atlassian/ex/jira/${api[1]}`);
    }
    return json(404, { code: 404, message: `The local Atlassian does not implement ${req.method} ${req.path}` });
  };
};
