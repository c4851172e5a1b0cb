import type { z } from 'zod/mini';
import type { notification } from '#shared/schemas/collab';

export type InAppNotification = z.infer<typeof notification>;

/** The bell polls this often while someone is signed in. */
export const NOTIFICATION_POLL_MS = 60_000;

export const unreadCount = (items: readonly Pick<InAppNotification, 'read'>[]) => items.filter((item) => !item.read).length;

/**
 * Where a click on a notification goes (spec 4, push tap): into its workspace first when that is not the current
 * one, then to its ticket_url as an in-app path (an absolute URL on this origin is reduced to its path).
 */
export const notificationTarget = (
  item: Pick<InAppNotification, 'ticket_url' | 'workspace_uid'>,
  currentWorkspaceId: string | null,
  origin: string,
): { switchTo: string | undefined; path: string | undefined; external: string | undefined } => {
  const switchTo = item.workspace_uid && item.workspace_uid !== currentWorkspaceId ? item.workspace_uid : undefined;
  const url = item.ticket_url.trim();
  if (url === '') return { switchTo, path: undefined, external: undefined };
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin) return { switchTo, path: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: undefined };
    return { switchTo, path: undefined, external: parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined };
  } catch {
    return { switchTo, path: undefined, external: undefined };
  }
};
