import { useEffect, useState } from 'react';
import { useAuthStore } from '../../auth/auth-store';
import { loadMyInvites } from '../../workspaces/workspace-service';
import { MyInvitesTable, type MyInvitesTableProps } from './my-invites-table';

export type MyInvitesPanelProps = Pick<MyInvitesTableProps, 'title' | 'headingVariant' | 'description'>;

/** The invites sent to the signed-in user, fetched fresh when shown. */
export const MyInvitesPanel = (props: MyInvitesPanelProps) => {
  const invites = useAuthStore((state) => state.invites);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    loadMyInvites()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);
  return <MyInvitesTable invites={invites} loading={loading} {...props} />;
};
