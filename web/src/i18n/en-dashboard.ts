/** The dashboard's "what needs me": its sections, their links into the filtered list, and the brands' counts. */
export const enDashboard = {
  work: {
    title: 'What needs you',
    loading: 'Loading what needs you',
    loadFailed: 'What needs you could not be loaded.',
    retry: 'Try again',
    incomplete: 'This workspace has more open tasks than the dashboard reads at once: the counts are at least these.',
    viewAll: 'View all',
    viewAllLabel: 'View all: {{section}}',
    sections: {
      overdue: { title: 'Overdue', description: 'Assigned to you, past their due date', empty: 'Nothing overdue. Well done.' },
      due_this_week: { title: 'Due this week', description: 'Assigned to you, due today to Sunday', empty: 'Nothing else due this week.' },
      awaiting_client: { title: 'Waiting on the client', description: 'Shared for review, no decision yet', empty: 'Nothing is waiting on a client.' },
      changes_requested: { title: 'Changes requested', description: 'Sent back by a reviewer', empty: 'No changes requested.' },
    },
    decisions: {
      title: 'Latest client decisions',
      description: 'Approvals and change requests given through review links',
      empty: 'No client decisions yet. Share a post for review from its task page.',
      approved: 'Approved',
      rejected: 'Changes requested',
      by: '{{name}}, {{date}}',
      anonymous: 'A reviewer, {{date}}',
      viewAll: 'View approved and sent-back tasks',
    },
    due: 'Due {{date}}',
    reviewShared: 'Review link shared',
    reviewNotShared: 'No review link yet',
    welcome: {
      title: 'Nothing needs you right now',
      body: 'This page fills up as your team works: tasks assigned to you with a due date, posts shared with a client for review, and the client’s decisions.',
      createTask: 'Go to the tasks',
    },
    brand: {
      overdue: 'Overdue',
      dueThisWeek: 'Due this week',
      awaitingClient: 'Waiting on client',
      changesRequested: 'Changes requested',
      countLabel: '{{label}} in {{name}}: {{count}}',
      openTasks: 'Open the tasks of {{name}}',
    },
  },
} as const;
