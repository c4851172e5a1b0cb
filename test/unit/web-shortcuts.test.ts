import { describe, expect, it, vi } from 'vitest';
import { SHORTCUTS } from '../../web/src/modules/shortcuts/shortcut-catalogue';
import { dispatchShortcut, isShortcutClaimed, isTypingTarget, registerShortcut, shortcutOf, type KeyInput } from '../../web/src/modules/shortcuts/shortcut-registry';

/** An element as the registry reads it: a tag, maybe a role, maybe inside a modal dialog. */
const element = (tagName: string, options: { role?: string; editable?: boolean; inModal?: boolean } = {}): EventTarget =>
  ({
    tagName: tagName.toUpperCase(),
    isContentEditable: options.editable ?? false,
    getAttribute: (name: string) => (name === 'role' ? (options.role ?? null) : null),
    closest: () => (options.inModal ? {} : null),
  }) as unknown as EventTarget;

const key = (value: string, target: unknown = element('body'), modifiers: Partial<KeyInput> = {}): KeyInput & { preventDefault: () => void } => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: target as EventTarget,
  preventDefault: vi.fn(),
  ...modifiers,
});

describe('keyboard shortcuts', () => {
  it('list each key once', () => {
    const keys = SHORTCUTS.map((shortcut) => shortcut.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('find the shortcut of a key outside fields, whatever its case', () => {
    expect(shortcutOf(key('c'))).toBe('create');
    expect(shortcutOf(key('C'))).toBe('create');
    expect(shortcutOf(key('/'))).toBe('filter');
    expect(shortcutOf(key('?'))).toBe('help');
    expect(shortcutOf(key('Escape'))).toBe('close');
    expect(shortcutOf(key('x'))).toBeUndefined();
  });

  it('leave keys typed into fields, menus and modal dialogs to them', () => {
    expect(isTypingTarget(element('input'))).toBe(true);
    expect(isTypingTarget(element('textarea'))).toBe(true);
    expect(isTypingTarget(element('select'))).toBe(true);
    expect(isTypingTarget(element('div', { editable: true }))).toBe(true);
    expect(isTypingTarget(element('button', { role: 'combobox' }))).toBe(true);
    expect(isTypingTarget(element('li', { role: 'menuitem' }))).toBe(true);
    expect(isTypingTarget(element('button', { inModal: true }))).toBe(true);
    expect(isTypingTarget(element('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(shortcutOf(key('c', element('input')))).toBeUndefined();
    expect(shortcutOf(key('Escape', element('textarea')))).toBeUndefined();
  });

  it('leave keys with a modifier, or already handled, to the browser and the page', () => {
    expect(shortcutOf(key('c', undefined, { ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(key('c', undefined, { metaKey: true }))).toBeUndefined();
    expect(shortcutOf(key('k', undefined, { altKey: true }))).toBeUndefined();
    expect(shortcutOf(key('j', undefined, { defaultPrevented: true }))).toBeUndefined();
  });

  it('fire the latest claim, fall back to the earlier one when it is released, and do nothing unclaimed', () => {
    const list = vi.fn();
    const panel = vi.fn();
    expect(dispatchShortcut(key('j'))).toBe(false);
    const releaseList = registerShortcut('next', list);
    const releasePanel = registerShortcut('next', panel);
    expect(isShortcutClaimed('next')).toBe(true);

    const press = key('j');
    expect(dispatchShortcut(press)).toBe(true);
    expect(panel).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    expect(press.preventDefault).toHaveBeenCalled();

    releasePanel();
    dispatchShortcut(key('j'));
    expect(list).toHaveBeenCalledTimes(1);
    releaseList();
    expect(isShortcutClaimed('next')).toBe(false);
    const unclaimed = key('j');
    expect(dispatchShortcut(unclaimed)).toBe(false);
    expect(unclaimed.preventDefault).not.toHaveBeenCalled();
  });

  it('do not fire while typing, even when claimed', () => {
    const create = vi.fn();
    const release = registerShortcut('create', create);
    expect(dispatchShortcut(key('c', element('input')))).toBe(false);
    expect(create).not.toHaveBeenCalled();
    release();
  });
});
