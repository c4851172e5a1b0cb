/** Strings of notifications of what people do: mentions in the comment box, the bell's kinds, and the settings. */
export const enNotify = {
  mentions: {
    hint: 'Type @ to mention someone on the team; they are notified.',
    suggestions: 'People to mention',
    noMatch: 'Nobody on the team matches "{{query}}".',
  },
  notifyKinds: {
    review_decision: 'Review decisions',
    review_decisionHint: 'A client approved or requested changes on a post you shared or watch.',
    comment: 'Comments',
    commentHint: 'Someone commented on a task you watch (you watch the tasks you create or are assigned to, unless you stop).',
    mention: 'Mentions',
    mentionHint: 'Someone mentioned you in a comment.',
    assignment: 'Assignments',
    assignmentHint: 'Someone assigned a task to you.',
  },
  notifySettings: {
    title: 'Notifications',
    tableLabel: 'Notification settings',
    description: 'Choose what reaches you in the app (the bell) and by email. Emails that arrive together are grouped.',
    kind: 'Notify me about',
    inApp: 'In the app',
    email: 'By email',
    toggle: '{{kind}}: {{channel}}',
    loading: 'Loading your notification settings',
    loadFailed: 'Your notification settings could not be loaded.',
    saved: 'Saved',
    saving: 'Saving',
  },
} as const;
