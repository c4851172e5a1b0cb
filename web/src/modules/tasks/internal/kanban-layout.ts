import { useCallback, useState } from 'react';
import { useAuthStore } from '../../auth/auth-store';
import { BOARD_LAYOUTS, type BoardLayout } from './kanban-columns';

/**
 * The board layout each person chose, kept in this browser under their user id: two people sharing a browser
 * each find their own, and signing out (which clears the app's settings) does not lose it.
 */
const storageKey = (userId: string) => `brandslate.kanban-layout.${userId}`;

export const readBoardLayout = (storage: Pick<Storage, 'getItem'>, userId: string | undefined): BoardLayout => {
  if (!userId) return 'pipeline';
  try {
    return BOARD_LAYOUTS.find((layout) => layout === storage.getItem(storageKey(userId))) ?? 'pipeline';
  } catch {
    return 'pipeline';
  }
};

export const writeBoardLayout = (storage: Pick<Storage, 'setItem'>, userId: string | undefined, layout: BoardLayout) => {
  if (!userId) return;
  try {
    storage.setItem(storageKey(userId), layout);
  } catch {
    // Storage full or refused (private mode): the choice lasts for this visit only.
  }
};

/** The signed-in person's board layout, and the way to change (and remember) it. */
export const useBoardLayout = (): [BoardLayout, (layout: BoardLayout) => void] => {
  const userId = useAuthStore((state) => state.user?.uid);
  const [chosen, setChosen] = useState<{ userId: string | undefined; layout: BoardLayout }>(() => ({ userId, layout: readBoardLayout(localStorage, userId) }));
  const layout = chosen.userId === userId ? chosen.layout : readBoardLayout(localStorage, userId);
  const setLayout = useCallback(
    (next: BoardLayout) => {
      writeBoardLayout(localStorage, userId, next);
      setChosen({ userId, layout: next });
    },
    [userId],
  );
  return [layout, setLayout];
};
