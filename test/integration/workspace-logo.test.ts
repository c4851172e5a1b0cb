import { describe, expect, it } from 'vitest';
import { api, registerUser, uniqueEmail, userWithWorkspace } from './support/api';
import { joinWorkspace } from './support/team';

/** A PNG's first bytes: enough for the type check (the server reads the stored object's type and size). */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Owner = { token: string; workspaceId: string };
const presign = (owner: { token: string }, workspaceId: string, body: Record<string, unknown>) =>
  api('POST', `/workspaces/${workspaceId}/logo-upload`, { token: owner.token, body: { name: 'Logo.png', size: PNG.length, content_type: 'image/png', ...body } });
const put = (upload: { url: string; headers: Record<string, string> }, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(upload.url, { method: 'PUT', headers: { ...upload.headers, ...headers }, body: bytes });
/** Uploads a logo as the owner and confirms it; answers the confirm. */
const setLogo = async (owner: Owner) => {
  const upload = (await presign(owner, owner.workspaceId, {})).body;
  expect((await put(upload, PNG)).ok).toBe(true);
  return api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: owner.token, body: { key: upload.key } });
};

describe('the workspace logo', () => {
  it('is set by an admin, read by every member with the workspace, replaced (the old image goes) and removed', async () => {
    const owner = await userWithWorkspace('lola', 'Lola studio');
    const set = await setLogo(owner);
    expect(set.status).toBe(200);
    const first = set.body.logo_url as string;
    expect(first).toMatch(/\/logo\/[^/]+\/logo\.png\?.*X-Amz-Signature=/);
    expect((await fetch(first)).status).toBe(200);

    // A member joining sees it in the answer of the accept and in their list of workspaces.
    const bob = await registerUser(uniqueEmail('bob'));
    const invite = await api('POST', `/workspaces/${owner.workspaceId}/invites`, { token: owner.token, body: { email: bob.email, role: 'member' } });
    const accepted = await api('POST', `/invites/${invite.body.uid}/accept`, { token: bob.token });
    expect(accepted.body.workspaces.logo_url).toMatch(/\/logo\/[^/]+\/logo\.png\?/);
    const listed = await api('GET', '/workspaces', { token: bob.token });
    expect(listed.body.find((item: { workspaces: { uid: string } }) => item.workspaces.uid === owner.workspaceId).workspaces.logo_url).toMatch(/\/logo\//);
    // …but may not change it.
    expect((await presign(bob, owner.workspaceId, {})).status).toBe(403);
    expect((await api('DELETE', `/workspaces/${owner.workspaceId}/logo`, { token: bob.token })).status).toBe(403);

    // Replaced: the previous image is deleted.
    const replaced = await setLogo(owner);
    expect(replaced.body.logo_url).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);

    const removed = await api('DELETE', `/workspaces/${owner.workspaceId}/logo`, { token: owner.token });
    expect(removed).toMatchObject({ status: 200, body: { logo_url: null } });
    expect((await fetch(replaced.body.logo_url)).status).toBe(404);
    expect((await api('GET', `/workspaces/${owner.workspaceId}`, { token: owner.token })).body.logo_url).toBeNull();
  });

  it('refuses what is no logo of this workspace: another type (400 naming content_type), too large, a stored object of another type, a key of another workspace or another person', async () => {
    const owner = await userWithWorkspace('lyra', 'Lyra studio');
    const other = await userWithWorkspace('olaf', 'Olaf studio');
    expect(await presign(owner, owner.workspaceId, { content_type: 'image/svg+xml' })).toMatchObject({ status: 400, body: { field: 'content_type' } });
    expect(await presign(owner, owner.workspaceId, { size: 5 * 1024 * 1024 + 1 })).toMatchObject({ status: 400, body: { field: 'size' } });

    // Presigned for a PNG, stored as text: the confirm reads the stored object's type, refuses and deletes it.
    const sneaky = (await presign(owner, owner.workspaceId, {})).body;
    await put(sneaky, PNG, { 'content-type': 'text/plain' });
    expect(await api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: owner.token, body: { key: sneaky.key } })).toMatchObject({
      status: 400,
      body: { code: 'attachment_invalid', field: 'key' },
    });

    // Another workspace's upload, and another person's pending upload, are not this admin's to use.
    const theirs = (await presign(other, other.workspaceId, {})).body;
    expect((await put(theirs, PNG)).ok).toBe(true);
    expect(await api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: owner.token, body: { key: theirs.key } })).toMatchObject({ status: 400, body: { field: 'key' } });
    const admin = await joinWorkspace(owner, owner.workspaceId, 'admin', 'ada');
    const adminsUpload = (await presign(admin, owner.workspaceId, {})).body;
    expect((await put(adminsUpload, PNG)).ok).toBe(true);
    expect(await api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: owner.token, body: { key: adminsUpload.key } })).toMatchObject({ status: 400, body: { field: 'key' } });
    // Used once by its uploader, a key is used up.
    expect((await api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: admin.token, body: { key: adminsUpload.key } })).status).toBe(200);
    expect((await api('PUT', `/workspaces/${owner.workspaceId}/logo`, { token: admin.token, body: { key: adminsUpload.key } })).status).toBe(400);
  });
});
