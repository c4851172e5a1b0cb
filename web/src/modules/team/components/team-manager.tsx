import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TeamMember } from '#shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../../i18n';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { notify } from '../../notifications/notification-store';
import { roleLabel } from '../../workspaces/role-label';
import { removeMember, resendInvite, revokeInvite } from '../team-service';
import { useTeamList, type TeamFilters } from '../use-team-list';
import { ChangeRoleModal } from './change-role-modal';
import { InviteForm } from './invite-form';
import { MemberActions, type MemberAction } from './member-actions';
import { ALL, TeamTable } from './team-table';

export type TeamManagerProps = {
  workspaceId: string;
  ownerId: string;
  roles: string[];
};

const describe = errorText;

/**
 * Invites and the team (spec 2 "Team configuration"): invite a person, then change roles, remove members and
 * email pending invites again or revoke them from each row. The server's rules (keep one admin, never the last user, edits it
 * refuses) come back as messages shown above the table.
 */
export const TeamManager = ({ workspaceId, ownerId, roles }: TeamManagerProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentUserId = useAuthStore((state) => state.user?.uid);
  const [filters, setFilters] = useState<TeamFilters>({ search: '', role: ALL, status: ALL });
  const team = useTeamList(workspaceId, filters);
  const [changing, setChanging] = useState<TeamMember>();
  const [error, setError] = useState<string>();

  const run = async (work: () => Promise<void>, done: string) => {
    setError(undefined);
    try {
      await work();
      notify.positive(done);
    } catch (caught) {
      setError(describe(caught));
    }
  };

  const onAction = async (action: MemberAction, member: TeamMember) => {
    setError(undefined);
    switch (action) {
      case 'changeRole':
        return setChanging(member);
      case 'edit':
        return navigate(`/user/${encodeURIComponent(member.uid)}/edit`);
      case 'profile':
        return navigate(`/profile/${encodeURIComponent(member.uid)}`);
      case 'remove':
        if (!(await confirmAction())) return;
        return run(() => removeMember(workspaceId, member.uid), t('team.actions.removed', { email: member.email }));
      case 'resend':
        return run(() => resendInvite(workspaceId, member.uid), t('team.actions.resent', { email: member.email }));
      case 'revoke':
        if (!(await confirmAction())) return;
        return run(() => revokeInvite(workspaceId, member.uid), t('team.actions.revoked', { email: member.email }));
    }
  };

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description={t('team.invite.description')}
            actions={
              <Button
                href="/user/add"
                onFollow={(event) => {
                  event.preventDefault();
                  navigate('/user/add');
                }}
              >
                {t('team.invite.fullPage')}
              </Button>
            }
          >
            {t('team.invite.title')}
          </Header>
        }
      >
        <InviteForm workspaceId={workspaceId} roles={roles}/>
      </Container>
      {error && (
        <div role="alert">
          <Alert type="error" statusIconAriaLabel={t('notifications.error')} dismissible dismissAriaLabel={t('notifications.dismiss')} onDismiss={() => setError(undefined)}>
            {error}
          </Alert>
        </div>
      )}
      <TeamTable
        items={team.items}
        loading={team.loading}
        roles={roles}
        filters={filters}
        onFiltersChange={setFilters}
        columns={{
          ownerId,
          currentUserId,
          renderActions: (member) => <MemberActions member={member} onAction={(action, row) => void onAction(action, row)} />,
        }}
      />
      <ChangeRoleModal
        workspaceId={workspaceId}
        member={changing}
        roles={roles}
        onClose={() => setChanging(undefined)}
        onSaved={(member) => {
          setChanging(undefined);
          notify.positive(t('team.role.saved', { email: member.email, role: roleLabel(member.role) }));
        }}
      />
    </SpaceBetween>
  );
};
