import { SHORTCUTS, type ShortcutId } from './shortcut-catalogue';

/** What a key event carries that decides a shortcut (a KeyboardEvent fits). */
export type KeyInput = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
};

/** Roles whose elements take typed keys even when they are not inputs (Cloudscape's selects and autosuggests). */
const TYPING_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'listbox', 'option', 'menu', 'menuitem', 'slider']);

type ElementLike = {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
};

/**
 * Keys typed into a field (input, textarea, select, editable text, an open menu) belong to the field, and keys
 * inside a modal dialog belong to the dialog: neither fires an app shortcut.
 */
export const isTypingTarget = (target: EventTarget | null): boolean => {
  const element = target as ElementLike | null;
  if (!element || typeof element.tagName !== 'string') return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return true;
  if (element.isContentEditable) return true;
  const role = element.getAttribute?.('role');
  if (role && TYPING_ROLES.has(role)) return true;
  return !!element.closest?.('[role="dialog"][aria-modal="true"], [aria-modal="true"]');
};

/** The shortcut a key press asks for, or undefined (a modifier held, typing into a field, already handled). */
export const shortcutOf = (event: KeyInput): ShortcutId | undefined => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const shortcut = SHORTCUTS.find((candidate) => candidate.key === key);
  if (!shortcut) return undefined;
  // Escape may close a panel from anywhere but a field (a field's Escape cancels its own edit).
  if (isTypingTarget(event.target)) return undefined;
  return shortcut.id;
};

export type ShortcutHandler = () => void;

/** Handlers per shortcut, latest last: the screen mounted last (a panel over a list) answers first. */
const handlers = new Map<ShortcutId, ShortcutHandler[]>();

/** Claims a shortcut; answers the release. While several screens claim one, the latest claim answers. */
export const registerShortcut = (id: ShortcutId, handler: ShortcutHandler): (() => void) => {
  const list = [...(handlers.get(id) ?? []), handler];
  handlers.set(id, list);
  return () => {
    const current = handlers.get(id) ?? [];
    const index = current.lastIndexOf(handler);
    if (index >= 0) handlers.set(id, [...current.slice(0, index), ...current.slice(index + 1)]);
  };
};

/** Whether some screen claims the shortcut now (the help marks the others as not here). */
export const isShortcutClaimed = (id: ShortcutId) => (handlers.get(id)?.length ?? 0) > 0;

/** Runs the shortcut the event asks for, when a screen claims it; answers whether it did. */
export const dispatchShortcut = (event: KeyInput & { preventDefault?: () => void }): boolean => {
  const id = shortcutOf(event);
  if (!id) return false;
  const handler = handlers.get(id)?.at(-1);
  if (!handler) return false;
  // The key is the shortcut's, not the page's ("/" would open the browser's quick find).
  event.preventDefault?.();
  handler();
  return true;
};
