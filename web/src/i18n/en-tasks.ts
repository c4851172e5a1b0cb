/** English strings of the task views: list, table, kanban, calendar, drafts, filters and the task form. */
export const enTasks = {
  tasks: {
    title: 'Tasks',
  },
} as const;
