import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router-dom';
import { logout } from '../modules/auth/auth-service';
import { useNotificationBell } from '../modules/notification-center/use-notification-bell';
import { RecorderHost } from '../modules/recording/components/recorder-host';
import { useRecordAction } from '../modules/recording/use-record-action';
import { useRunningTimerPill } from '../modules/time-tracking/use-running-timer-pill';
import { useAuthStore } from '../modules/auth/auth-store';
import { useProject } from '../modules/projects/project-store';
import { useSettingsStore } from '../modules/settings/settings-store';
import { CreateWorkspaceModal } from '../modules/workspaces/components/create-workspace-modal';
import { switchWorkspace } from '../modules/workspaces/workspace-service';
import { useCan, useCurrentMembership, useWorkspaceStore } from '../modules/workspaces/workspace-store';

const WORKSPACE_PREFIX = 'workspace:';
const CREATE_WORKSPACE = 'create-workspace';

/**
 * Product name, my running timer, the notifications, the workspace switcher and the account menu. Memoized: it
 * renders from its own stores only.
 */
export const TopBar = memo(function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useAuthStore((state) => state.user?.email ?? '');
  // The display name given at sign-up (the ID token's name claim); the email for those who gave none.
  const displayName = useAuthStore((state) => state.user?.name) ?? email;
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const currentId = useSettingsStore((state) => state.currentWorkspaceId);
  const current = useCurrentMembership();
  const [creating, setCreating] = useState(false);
  const notificationBell = useNotificationBell();
  const timerPill = useRunningTimerPill();
  // On a brand's pages, Record makes a task of that brand.
  const brandUid = useProject(useMatch('/project/:projectSlug/*')?.params.projectSlug)?.uid;
  const record = useRecordAction(brandUid);
  const canRecord = useCan('tasks.write');

  const workspaceItems: ButtonDropdownProps.ItemOrGroup[] = [
    ...(workspaces.length > 0
      ? [
          {
            text: t('nav.workspacesGroup'),
            items: workspaces.map((item) => ({
              id: `${WORKSPACE_PREFIX}${item.workspaces.uid}`,
              text: item.workspaces.name,
              itemType: 'checkbox' as const,
              checked: item.workspaces.uid === currentId,
            })),
          },
        ]
      : []),
    { id: CREATE_WORKSPACE, text: t('nav.createWorkspace'), iconName: 'add-plus' },
  ];

  const onWorkspaceItem = async (id: string) => {
    if (id === CREATE_WORKSPACE) return setCreating(true);
    const workspaceId = id.slice(WORKSPACE_PREFIX.length);
    if (workspaceId === currentId) return;
    await switchWorkspace(workspaceId);
    navigate('/dashboard', { replace: true });
  };

  return (
    <>
      <TopNavigation
        identity={{
          href: '/dashboard',
          title: t('app.name'),
          logo: { src: '/favicon.svg', alt: t('app.logoAlt') },
          onFollow: (event) => {
            event.preventDefault();
            navigate('/dashboard');
          },
        }}
        utilities={[
          ...(canRecord
            ? [{ type: 'button' as const, text: t('recording.record'), iconName: 'video-on' as const, ariaLabel: t('recording.recordLabel'), onClick: record }]
            : []),
          ...timerPill,
          notificationBell,
          {
            type: 'menu-dropdown',
            text: current?.workspaces.name ?? t('nav.workspace'),
            title: t('nav.workspaceSwitcher'),
            ariaLabel: `${t('nav.workspaceSwitcher')}: ${current?.workspaces.name ?? ''}`,
            // The workspace's own logo when it has one (decorative: the name is the text).
            ...(current?.workspaces.logo_url ? { iconUrl: current.workspaces.logo_url, iconAlt: '' } : { iconName: 'folder' as const }),
            items: workspaceItems,
            onItemClick: ({ detail }) => void onWorkspaceItem(detail.id),
          },
          {
            type: 'menu-dropdown',
            text: displayName,
            description: email,
            ariaLabel: `${t('nav.userMenu')}: ${displayName}`,
            iconName: 'user-profile',
            items: [
              { id: 'profile', text: t('nav.profile') },
              { id: 'signout', text: t('nav.signOut') },
            ],
            onItemClick: ({ detail }) => {
              if (detail.id === 'profile') navigate('/profile');
              if (detail.id === 'signout') void logout();
            },
          },
        ]}
        i18nStrings={{ overflowMenuTriggerText: t('nav.overflowMenu'), overflowMenuTitleText: t('nav.overflowMenu') }}
      />
      {/* Mounted only while open: the shell re-renders this bar on every workspace change while loading. */}
      {creating && <CreateWorkspaceModal visible onClose={() => setCreating(false)} />}
      {/* The screen recorder's setup, controls and new-task form: one for the whole app. */}
      {canRecord && <RecorderHost />}
    </>
  );
});
