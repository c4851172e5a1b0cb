import { useMutation } from '@tanstack/react-query';
import type { Post } from '#shared/schemas/posts';
import type { Task } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { createTask } from '../tasks/task-service';
import { taskFromPost } from './task-from-post';

/** "Create task" on a post: a Post task through the same create path as every task (integrations fire for it). */
export const useCreateTaskFromPost = (workspaceId: string) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (post: Post): Promise<Task> => createTask(workspaceId, taskFromPost(post, t(`library.platforms.${post.platform}`))),
  });
};
