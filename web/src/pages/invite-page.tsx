import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { InviteJoin } from '../modules/invites/components/invite-join';
import { usePageTitle } from '../ui/use-page-title';

export const InvitePage = () => {
  const { t } = useTranslation();
  const { inviteUid = '' } = useParams();
  const [params] = useSearchParams();
  usePageTitle(t('invites.joinButton'));
  return <InviteJoin key={inviteUid} inviteUid={inviteUid} autoAccept={params.get('accept') === '1'} />;
};
