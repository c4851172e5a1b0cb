import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MemberProfile } from '../modules/profile/components/member-profile';
import { useMember } from '../modules/team/use-member';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

/** /profile/{uid} (team.manage): a member of the current workspace. */
export const MemberProfilePage = () => {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const workspace = useCurrentWorkspace();
  const state = useMember(workspace?.uid, uid);
  usePageTitle(t('memberProfile.title'));
  return (
    <ContentLayout
      header={<Header variant="h1" description={workspace?.name}>{t('memberProfile.title')}</Header>}
    >
      <SpaceBetween size="m">
        {state.status === 'loading' ? (
          <PageLoader label={t('memberProfile.loading')} />
        ) : state.status === 'failed' ? (
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {state.message}
          </Alert>
        ) : (
          <MemberProfile member={state.member} isOwner={state.member.uid === workspace?.owner} />
        )}
        <RouterLink to="/team">{t('userEdit.backToTeam')}</RouterLink>
      </SpaceBetween>
    </ContentLayout>
  );
};
