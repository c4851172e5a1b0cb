import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import type { Invite } from '#shared/schemas/workspace';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../ui/format-date';
import { useAction } from '../../notifications/use-action';
import { roleLabel } from '../../workspaces/role-label';
import { acceptInvite } from '../invite-service';

export type MyInvitesTableProps = {
  invites: Invite[];
  loading: boolean;
  title: string;
  /** 'h1' when the table is the page, 'h2' inside another page. */
  headingVariant?: 'h1' | 'h2';
  description?: string;
};

/** Pending invites sent to the user, each with an Accept button. */
export const MyInvitesTable = ({ invites, loading, title, headingVariant = 'h2', description }: MyInvitesTableProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy: accepting, run } = useAction();

  const accept = (invite: Invite) =>
    run(
      invite.uid,
      async () => {
        await acceptInvite(invite.uid, { notify: true });
        navigate('/dashboard', { replace: true });
      },
      t('invites.joined', { name: invite.workspace_name }),
    );

  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: t('invites.myInvites.tableLabel') }}
      items={invites}
      trackBy="uid"
      loading={loading}
      loadingText={t('invites.myInvites.loading')}
      header={
        <Header variant={headingVariant} counter={loading ? undefined : `(${invites.length})`} description={description}>
          {title}
        </Header>
      }
      columnDefinitions={[
        { id: 'workspace', header: t('invites.myInvites.workspace'), cell: (invite) => invite.workspace_name, isRowHeader: true },
        { id: 'role', header: t('invites.myInvites.role'), cell: (invite) => roleLabel(invite.role) },
        { id: 'expires', header: t('invites.myInvites.expires'), cell: (invite) => formatDate(invite.expires_at) },
        {
          id: 'actions',
          header: t('invites.myInvites.actions'),
          cell: (invite) => (
            <Button
              variant="inline-link"
              loading={accepting === invite.uid}
              disabled={!!accepting && accepting !== invite.uid}
              ariaLabel={t('invites.myInvites.acceptLabel', { name: invite.workspace_name })}
              onClick={() => void accept(invite)}
            >
              {t('invites.myInvites.accept')}
            </Button>
          ),
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
          <Box variant="strong" color="inherit">
            {t('invites.myInvites.emptyTitle')}
          </Box>
          <Box variant="p" color="inherit">
            {t('invites.myInvites.emptyBody')}
          </Box>
        </Box>
      }
    />
  );
};
