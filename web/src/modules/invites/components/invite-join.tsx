import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Invite } from '#shared/schemas/workspace';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText, translateError } from '../../../i18n';
import { formatDate } from '../../../ui/format-date';
import { NarrowPage } from '../../../ui/narrow-page';
import { PageLoader } from '../../../ui/page-loader';
import { RouterLink } from '../../../ui/router-link';
import { selectIsAuthenticated, useAuthStore } from '../../auth/auth-store';
import { signInPathFor } from '../../auth/auth-validation';
import { SignUpForm } from '../../auth/components/sign-up-form';
import { notify } from '../../notifications/notification-store';
import { roleLabel } from '../../workspaces/role-label';
import { acceptInvite, fetchInvite } from '../invite-service';

export type InviteJoinProps = {
  inviteUid: string;
  /** Accept as soon as the user is signed in (they came back from creating an account for this invite). */
  autoAccept: boolean;
};

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; invite: Invite };

/** "Join <workspace>": what the invite is for, and the way in for a new or a signed-in user. */
export const InviteJoin = ({ inviteUid, autoAccept }: InviteJoinProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const initialized = useAuthStore((state) => state.initialized);
  const userEmail = useAuthStore((state) => state.user?.email);
  const loaded = useQuery({ queryKey: ['invite', inviteUid], queryFn: ({ signal }) => fetchInvite(inviteUid, signal) });
  const state: LoadState = loaded.data
    ? { status: 'ready', invite: loaded.data }
    : loaded.isError
      ? { status: 'failed', message: errorText(loaded.error) }
      : { status: 'loading' };
  const [mode, setMode] = useState<'choose' | 'signup'>('choose');
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string>();
  const autoTried = useRef(false);

  const join = useCallback(async () => {
    if (state.status !== 'ready') return;
    setJoining(true);
    setJoinError(undefined);
    try {
      await acceptInvite(inviteUid);
      notify.positive(t('invites.joined', { name: state.invite.workspace_name }));
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setJoinError(errorText(caught));
    } finally {
      setJoining(false);
    }
  }, [inviteUid, navigate, state, t]);

  const pending = state.status === 'ready' && state.invite.status === 'pending';
  useEffect(() => {
    if (!autoAccept || autoTried.current || !pending || !isAuthenticated) return;
    autoTried.current = true;
    void join();
  }, [autoAccept, pending, isAuthenticated, join]);

  if (state.status === 'loading' || !initialized) return <PageLoader label={t('invites.loading')} heading />;

  if (state.status === 'failed') {
    return (
      <NarrowPage title={t('invites.problemTitle')}>
        <SpaceBetween size="m">
          <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
            {state.message}
          </Alert>
          <RouterLink to={isAuthenticated ? '/dashboard' : '/signin'}>
            {isAuthenticated ? t('common.goToDashboard') : t('common.backToSignIn')}
          </RouterLink>
        </SpaceBetween>
      </NarrowPage>
    );
  }

  const { invite } = state;
  const title = t('invites.join', { name: invite.workspace_name });
  const details = (
    <KeyValuePairs
      columns={2}
      items={[
        { label: t('invites.invitedEmail'), value: invite.email },
        { label: t('invites.role'), value: roleLabel(invite.role) },
        { label: t('invites.expires'), value: formatDate(invite.expires_at) },
      ]}
    />
  );

  if (invite.status !== 'pending') {
    const accepted = invite.status === 'accepted';
    const message = accepted
      ? t('invites.accepted')
      : invite.status === 'expired'
        ? translateError('invite_expired', 'This invite has expired.')
        : t('invites.revoked');
    return (
      <NarrowPage title={title}>
        <SpaceBetween size="m">
          <Alert type={accepted ? 'info' : 'error'} statusIconAriaLabel={accepted ? undefined : t('notifications.error')}>
            {message}
          </Alert>
          <RouterLink to="/dashboard">{t('common.goToDashboard')}</RouterLink>
        </SpaceBetween>
      </NarrowPage>
    );
  }

  if (isAuthenticated) {
    return (
      <NarrowPage title={title} description={t('invites.introNoInviter')}>
        <SpaceBetween size="l">
          {details}
          <Box variant="p">{t('invites.signedInAs', { email: userEmail ?? '' })}</Box>
          {joinError && (
            <Alert type="error" statusIconAriaLabel={t('notifications.error')}>
              {joinError}
            </Alert>
          )}
          <Button variant="primary" loading={joining} onClick={() => void join()}>
            {t('invites.joinButton')}
          </Button>
        </SpaceBetween>
      </NarrowPage>
    );
  }

  const signInPath = `${signInPathFor(`/invite/${inviteUid}`)}&email=${encodeURIComponent(invite.email)}`;
  return (
    <NarrowPage title={title} description={t('invites.introNoInviter')}>
      <SpaceBetween size="l">
        {details}
        {mode === 'choose' ? (
          <SpaceBetween size="s">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="primary" onClick={() => setMode('signup')}>
                {t('invites.createAccount')}
              </Button>
              <Button
                href={signInPath}
                onFollow={(event) => {
                  event.preventDefault();
                  navigate(signInPath);
                }}
              >
                {t('invites.signIn')}
              </Button>
            </SpaceBetween>
            <Box variant="small">{t('invites.signInHint', { email: invite.email })}</Box>
          </SpaceBetween>
        ) : (
          <SpaceBetween size="m">
            <Header variant="h2">{t('invites.createAccountTitle')}</Header>
            <SignUpForm
              initialEmail={invite.email}
              lockEmail
              onSignedUp={(email) => {
                const back = `/invite/${inviteUid}?accept=1`;
                navigate(`/confirm-email?email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(back)}`);
              }}
            />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </NarrowPage>
  );
};
