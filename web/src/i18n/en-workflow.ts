/** English strings of the fast paths through the task screens: shortcuts, quick create, inline edits, the timer pill. */
export const enWorkflow = {
  shortcuts: {
    title: 'Keyboard shortcuts',
    description: 'Keys work anywhere outside a text field.',
    keyColumn: 'Key',
    actionColumn: 'Action',
    whereColumn: 'Where',
    close: 'Close',
    create: 'Create a task',
    filter: 'Search and filter the tasks',
    next: 'Next task in the list',
    previous: 'Previous task in the list',
    help: 'Show these shortcuts',
    close_: 'Close the open task, dialog or menu',
    anywhere: 'Anywhere',
    taskLists: 'Task lists',
    panelsAndDialogs: 'Task panel, dialogs',
    escapeKey: 'Esc',
    button: 'Keyboard shortcuts',
  },
} as const;
