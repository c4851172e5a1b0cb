import { useSettingsStore } from '../settings/settings-store';
import { switchWorkspace } from '../workspaces/workspace-service';
import { findMembership, useWorkspaceStore } from '../workspaces/workspace-store';
import { notificationTarget, type InAppNotification } from './notification-target';

/**
 * Opens what a notification points at (spec 4, push tap): its workspace first when that is not the current one
 * (and the person still belongs to it), then its ticket_url in the app. The bell and a tap on a push both go here.
 */
export const openNotification = async (item: Pick<InAppNotification, 'ticket_url' | 'workspace_uid'>, navigate: (path: string) => unknown) => {
  const target = notificationTarget(item, useSettingsStore.getState().currentWorkspaceId, window.location.origin);
  if (target.switchTo && findMembership(useWorkspaceStore.getState().workspaces, target.switchTo)) await switchWorkspace(target.switchTo);
  if (target.path) await navigate(target.path);
  else if (target.external) window.location.assign(target.external);
};
