import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { NotificationSettings } from '../modules/profile/components/notification-settings';
import { ProfileDetails } from '../modules/profile/components/profile-details';
import { useProfile } from '../modules/profile/use-profile';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

/** /profile: the signed-in user's own profile with email verification, and what notifies them. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { state, replace } = useProfile();
  usePageTitle(t('profile.title'));
  usePageBreadcrumbs([{ text: t('profile.title'), href: '/profile' }]);
  return (
    <ContentLayout header={<Header variant="h1" description={t('profile.description')}>{t('profile.title')}</Header>}>
      {state.status === 'loading' ? (
        <PageLoader label={t('profile.loading')} />
      ) : state.status === 'failed' ? (
        <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
          {state.message}
        </Alert>
      ) : (
        <SpaceBetween size="l">
          <ProfileDetails profile={state.profile} onSaved={replace} />
          <NotificationSettings />
        </SpaceBetween>
      )}
    </ContentLayout>
  );
};
