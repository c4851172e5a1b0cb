import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/auth-store';
import { loadMyInvites } from '../../workspaces/workspace-service';
import { MyInvitesTable, type MyInvitesTableProps } from './my-invites-table';

export type MyInvitesPanelProps = Pick<MyInvitesTableProps, 'title' | 'headingVariant' | 'description'>;

/**
 * The invites sent to the signed-in user, fetched fresh when shown. They live in the auth state (spec 3), which the
 * fetch fills; a failure was notified and the table shows what the state had.
 */
export const MyInvitesPanel = (props: MyInvitesPanelProps) => {
  const invites = useAuthStore((state) => state.invites);
  const load = useQuery({ queryKey: ['me', 'invites'], queryFn: loadMyInvites });
  return <MyInvitesTable invites={invites} loading={load.isPending} {...props} />;
};
