import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, parseErrorBody } from '../../web/src/api/api-error';
import { buildPath, buildQuery } from '../../web/src/api/build-path';
import { api, configureApiClient } from '../../web/src/api/client';

describe('buildPath', () => {
  it('substitutes and encodes every {param}', () => {
    expect(buildPath('/workspaces/{workspaceId}/users/all', { workspaceId: 'ab_1' })).toBe('/workspaces/ab_1/users/all');
    expect(buildPath('/invites/{inviteUid}/accept', { inviteUid: 'a/b' })).toBe('/invites/a%2Fb/accept');
  });

  it('refuses a missing or empty param rather than calling a wrong URL', () => {
    expect(() => buildPath('/workspaces/{workspaceId}', {})).toThrow(/workspaceId/);
    expect(() => buildPath('/workspaces/{workspaceId}', { workspaceId: '' })).toThrow(/workspaceId/);
  });
});

describe('buildQuery', () => {
  it('keeps defined, non-empty values only', () => {
    expect(buildQuery({ search: 'ann', role: undefined, status: '' })).toBe('?search=ann');
    expect(buildQuery({})).toBe('');
  });
});

describe('parseErrorBody', () => {
  it('reads the { code, message, field } body', () => {
    const error = parseErrorBody(400, JSON.stringify({ code: 'bad_request', message: 'nope', field: 'email' }));
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'nope', field: 'email' });
  });

  it('tolerates a body that is not JSON', () => {
    expect(parseErrorBody(502, '<html>')).toMatchObject({ status: 502, code: undefined });
  });
});

describe('api client', () => {
  const hooks = { getIdToken: vi.fn(), onUnauthorized: vi.fn(), onError: vi.fn(), onWorkspaceInactive: vi.fn() };
  const fetchMock = vi.fn();
  const answer = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    hooks.getIdToken.mockResolvedValue('id-token');
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient(hooks);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetAllMocks();
  });

  it('calls the route under /api with a fresh Bearer token and the filters as query', async () => {
    fetchMock.mockResolvedValue(answer(200, []));

    await api.call('listTeam', { params: { workspaceId: 'ws1' }, query: { search: 'ann', role: undefined } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/workspaces/ws1/users/all?search=ann');
    expect(init.method).toBe('GET');
    expect(init.headers.authorization).toBe('Bearer id-token');
    expect(init.body).toBeUndefined();
  });

  it('sends JSON bodies on POST', async () => {
    fetchMock.mockResolvedValue(answer(201, { workspaces: {} }));

    await api.call('createWorkspace', { body: { name: 'Acme' } });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/workspaces');
    expect(init.method).toBe('POST');
    expect(init.headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ name: 'Acme' });
  });

  it('sends no token to a public route', async () => {
    fetchMock.mockResolvedValue(answer(200, { uid: 'i1' }));

    await api.call('getInvite', { params: { inviteUid: 'i1' } });

    expect(hooks.getIdToken).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0][1].headers.authorization).toBeUndefined();
  });

  it('shares one token fetch between concurrent calls', async () => {
    fetchMock.mockImplementation(async () => answer(200, []));

    await Promise.all([api.call('listWorkspaces'), api.call('listMyInvites'), api.call('listRoles')]);

    expect(hooks.getIdToken).toHaveBeenCalledTimes(1);
  });

  it('logs out when the token cannot be had, without calling the API', async () => {
    hooks.getIdToken.mockRejectedValue(new Error('refresh failed'));

    await expect(api.call('listWorkspaces')).rejects.toMatchObject({ status: 401 });

    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out on a 401 and shows its message', async () => {
    fetchMock.mockResolvedValue(answer(401, { code: 'unauthorized', message: 'no' }));

    await expect(api.call('listWorkspaces')).rejects.toBeInstanceOf(ApiError);

    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unauthorized' }));
  });

  it('reports an error body unless the caller shows it itself', async () => {
    fetchMock.mockResolvedValue(answer(409, { code: 'user_already_invited', message: 'dup' }));

    await expect(
      api.call('createInvite', { params: { workspaceId: 'ws1' }, body: { email: 'a@b.co' }, notify: false }),
    ).rejects.toMatchObject({ status: 409, code: 'user_already_invited' });
    expect(hooks.onError).not.toHaveBeenCalled();

    await expect(api.call('createInvite', { params: { workspaceId: 'ws1' }, body: { email: 'a@b.co' } })).rejects.toThrow();
    expect(hooks.onError).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a locked workspace (402 workspace_inactive) to the lockdown, even when the caller silenced errors', async () => {
    fetchMock.mockImplementation(async () => answer(402, { code: 'workspace_inactive', message: 'locked' }));

    await expect(api.call('listTimeEntries', { params: { workspaceId: 'ws1' }, notify: false })).rejects.toMatchObject({ status: 402 });
    await expect(api.call('listTimeEntries', { params: { workspaceId: 'ws1' } })).rejects.toMatchObject({ status: 402 });

    expect(hooks.onWorkspaceInactive).toHaveBeenCalledTimes(2);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('calls a DELETE route with its method and takes the 204 as no content', async () => {
    fetchMock.mockResolvedValue(answer(204));

    await expect(api.call('removeMember', { params: { workspaceId: 'ws1', userId: 'u1' } })).resolves.toBeUndefined();

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/workspaces/ws1/users/u1');
    expect(init.method).toBe('DELETE');
  });
});
