import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../modules/auth/auth-store';
import { MyInvitesTable } from '../modules/invites/components/my-invites-table';
import { loadMyInvites } from '../modules/workspaces/workspace-service';
import { usePageTitle } from '../ui/use-page-title';

export const MyInvitesPage = () => {
  const { t } = useTranslation();
  const invites = useAuthStore((state) => state.invites);
  const [loading, setLoading] = useState(true);
  usePageTitle(t('invites.myInvites.title'));

  useEffect(() => {
    loadMyInvites()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);

  return (
    <MyInvitesTable
      invites={invites}
      loading={loading}
      title={t('invites.myInvites.title')}
      description={t('invites.myInvites.description')}
      headingVariant="h1"
    />
  );
};
