import type * as z from 'zod/mini';
import { COVER_TYPES, type coverUploadBody, type presignedUpload } from '#shared/schemas/collab';
import type { Workspace } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { confirmUploads, ownPendingUploads, type ClaimUploads, type UploadStore } from '../uploads/files';
import { fileNameOfKey, isLogoKey, logoKey, pendingKey } from '../uploads/keys';
import { toWorkspaceWithLogo } from './workspace-view';

/**
 * A workspace's logo (admins: workspace.update), shown in the app's top bar and on the workspace's review pages. The
 * same upload as a brand's cover: a presigned upload to the caller's pending key, then a confirm that checks the
 * object (an image, png/jpeg/webp, at most 5 MB), claims it once and copies it to the workspace's logo key.
 */

export type CreateLogoUploadDeps = { presignUpload: UploadStore['presignUpload']; newRandom: () => string };

export const createLogoUpload = async (
  deps: CreateLogoUploadDeps,
  ctx: WorkspaceContext,
  input: z.output<typeof coverUploadBody>,
): Promise<z.output<typeof presignedUpload>> => {
  const key = pendingKey(ctx.userId, logoKey(ctx.workspaceId, deps.newRandom(), input.name));
  const signed = await deps.presignUpload({ key, contentType: input.content_type, size: input.size });
  return { key, name: fileNameOfKey(key), ...signed };
};

export type SetLogoDeps = {
  clock: Clock;
  setWorkspaceLogoKey: (ctx: WorkspaceContext, key: string | null) => Promise<{ item: WorkspaceItem; previous: string | undefined } | undefined>;
  claimUploads: ClaimUploads;
  store: UploadStore;
};

/** Replaces the logo (or removes it: null) and deletes the previous image; a workspace gone meanwhile is not found. */
const replaceLogo = async (deps: SetLogoDeps, ctx: WorkspaceContext, key: string | null): Promise<Workspace> => {
  const set = await deps.setWorkspaceLogoKey(ctx, key);
  if (!set) {
    if (key) await deps.store.deleteObjects([key]);
    throw new DomainError('company_account_not_found');
  }
  if (set.previous && set.previous !== key && isLogoKey(set.previous, ctx.workspaceId)) await deps.store.deleteObjects([set.previous]);
  return toWorkspaceWithLogo(deps.store.signDownload, set.item, deps.clock());
};

/** Makes the caller's own pending logo upload of this workspace its logo (else attachment_invalid, naming `key`). */
export const confirmLogo = async (deps: SetLogoDeps, ctx: WorkspaceContext, pending: string): Promise<Workspace> => {
  const uploads = ownPendingUploads(ctx, [pending], (key) => isLogoKey(key, ctx.workspaceId), 'key');
  const [{ key }] = await confirmUploads(deps, ctx, uploads, COVER_TYPES, 'key');
  return replaceLogo(deps, ctx, key);
};

/** The workspace goes back to having no logo (its name stands alone). */
export const removeLogo = (deps: SetLogoDeps, ctx: WorkspaceContext): Promise<Workspace> => replaceLogo(deps, ctx, null);
