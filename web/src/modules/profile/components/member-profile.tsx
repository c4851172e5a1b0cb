import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TeamMember } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../ui/format-date';
import { roleLabel } from '../../workspaces/role-label';

export type MemberProfileProps = { member: TeamMember; isOwner: boolean };

/** Another member's profile, as an admin sees it (spec 2 /profile/{uid}). */
export const MemberProfile = ({ member, isOwner }: MemberProfileProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editHref = `/user/${encodeURIComponent(member.uid)}/edit`;
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            member.status === 'joined' && (
              <Button
                href={editHref}
                onFollow={(event) => {
                  event.preventDefault();
                  navigate(editHref);
                }}
              >
                {t('memberProfile.editRole')}
              </Button>
            )
          }
        >
          {member.name || member.email}
        </Header>
      }
    >
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('common.email'), value: member.email },
          { label: t('profile.displayName'), value: member.name || t('billing.notSet') },
          { label: t('team.table.role'), value: isOwner ? `${roleLabel(member.role)} (${t('team.table.owner')})` : roleLabel(member.role) },
          {
            label: t('team.table.status'),
            value:
              member.status === 'joined' ? (
                <StatusIndicator type="success">{t('team.table.joined')}</StatusIndicator>
              ) : (
                <StatusIndicator type="pending">{t('team.table.invited')}</StatusIndicator>
              ),
          },
          { label: t('team.table.date'), value: formatDate(member.status === 'joined' ? member.joined_at : member.invited_at) || t('billing.notSet') },
        ]}
      />
    </Container>
  );
};
