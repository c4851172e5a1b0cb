import { useTranslation } from 'react-i18next';
import { MyInvitesPanel } from '../modules/invites/components/my-invites-panel';
import { usePageTitle } from '../ui/use-page-title';

export const MyInvitesPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('invites.myInvites.title'));
  return <MyInvitesPanel title={t('invites.myInvites.title')} description={t('invites.myInvites.description')} headingVariant="h1" />;
};
