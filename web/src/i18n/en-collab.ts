/**
 * English strings of working on one task: the detail dialog and page, the review view, comments with attachments
 * and audio, time tracking, notifications, and a brand's users.
 */
export const enCollab = {
  taskDetail: {
    title: 'Task',
  },
} as const;
