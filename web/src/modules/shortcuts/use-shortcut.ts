import { useEffect, useRef } from 'react';
import type { ShortcutId } from './shortcut-catalogue';
import { dispatchShortcut, registerShortcut } from './shortcut-registry';

/**
 * Claims a shortcut (SHORTCUTS) while the calling component is mounted and `enabled`; the handler may change on
 * every render without re-registering.
 */
export const useShortcut = (id: ShortcutId, handler: () => void, enabled = true) => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return undefined;
    return registerShortcut(id, () => latest.current());
  }, [id, enabled]);
};

/** Listens to key presses on the window and fires the claimed shortcuts; mounted once by the signed-in shell. */
export const useShortcutListener = () => {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => void dispatchShortcut(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
};
