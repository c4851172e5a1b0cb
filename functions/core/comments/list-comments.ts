import type { WorkspaceContext } from '#lib/context';
import type { CommentItem } from '#data/comments';
import type { OpenedTask } from '#core/tasks/open-task';
import type { UploadStore } from '../uploads/files';
import { toComment, type Comment } from './comment-view';

export type ListCommentsDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  listCommentItems: (ctx: WorkspaceContext, taskId: string) => Promise<CommentItem[]>;
  getUserNames: (userIds: readonly string[]) => Promise<Map<string, string>>;
  signDownload: UploadStore['signDownload'];
};

/** A task's comments, oldest first, each with its author's name and signed links to its files. */
export const listComments = async (deps: ListCommentsDeps, ctx: WorkspaceContext, taskId: string): Promise<Comment[]> => {
  await deps.openTask(ctx, taskId);
  const items = await deps.listCommentItems(ctx, taskId);
  const names = await deps.getUserNames(items.map((item) => item.author));
  return Promise.all(items.map((item) => toComment(deps.signDownload, item, names.get(item.author) ?? null)));
};
