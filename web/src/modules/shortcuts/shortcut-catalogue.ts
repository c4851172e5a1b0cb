/**
 * Every keyboard shortcut of the app, written once: the key that fires it and the words the help lists it with.
 * A screen claims one with `useShortcut(id, handler)`; the help (`?`) lists them all, whether or not the current
 * screen claims them, with where they work.
 */
export const SHORTCUTS = [
  { id: 'create', key: 'c', label: 'shortcuts.create', where: 'shortcuts.anywhere' },
  { id: 'filter', key: '/', label: 'shortcuts.filter', where: 'shortcuts.taskLists' },
  { id: 'next', key: 'j', label: 'shortcuts.next', where: 'shortcuts.taskLists' },
  { id: 'previous', key: 'k', label: 'shortcuts.previous', where: 'shortcuts.taskLists' },
  { id: 'help', key: '?', label: 'shortcuts.help', where: 'shortcuts.anywhere' },
  { id: 'close', key: 'Escape', label: 'shortcuts.close_', where: 'shortcuts.panelsAndDialogs' },
] as const;

export type Shortcut = (typeof SHORTCUTS)[number];
export type ShortcutId = Shortcut['id'];
