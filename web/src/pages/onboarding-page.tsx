import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OnboardingChecklist } from '../modules/onboarding/components/onboarding-checklist';
import { TryBrandCard } from '../modules/onboarding/components/try-brand-card';
import { useOnboardingFacts } from '../modules/onboarding/use-onboarding-facts';
import { useUpdateOnboarding } from '../modules/try/try-api';
import { loadTryResult } from '../modules/try/try-storage';
import { CreateWorkspaceForm } from '../modules/workspaces/components/create-workspace-form';
import { useCan, useCurrentMembership, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

const Checklist = ({ workspaceId }: { workspaceId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const membership = useCurrentMembership();
  const canReadTeam = useCan('team.read');
  const canCreateBrand = useCan('projects.manage');
  const { facts, firstProject } = useOnboardingFacts(workspaceId, canReadTeam);
  const update = useUpdateOnboarding();
  // The try result of this tab, offered once as the first brand (dropped when made or refused).
  const [tried, setTried] = useState(() => loadTryResult());

  return (
    <SpaceBetween size="l">
      {tried && canCreateBrand && <TryBrandCard workspaceId={workspaceId} result={tried} onDone={() => setTried(null)} />}
      {facts.stored?.dismissed && (
        <Alert type="info" action={<Button onClick={() => update.mutate({ dismissed: false })}>{t('onboarding.showAgain')}</Button>}>
          {t('onboarding.dismissed')}
        </Alert>
      )}
      <OnboardingChecklist facts={facts} firstProject={firstProject} isAdmin={membership?.role === 'admin'} />
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="primary" onClick={() => navigate('/dashboard')}>
          {t('onboarding.skip')}
        </Button>
        {!facts.stored?.dismissed && (
          <Button loading={update.isPending} onClick={() => update.mutate({ dismissed: true }, { onSuccess: () => navigate('/dashboard') })}>
            {t('onboarding.dismiss')}
          </Button>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
};

/**
 * /onboarding: after the first sign-up, a short checklist that remembers what is done (read from the workspace's
 * data, but the two facts kept on the profile). Without a workspace yet, it asks for one first.
 */
export const OnboardingPage = () => {
  const { t } = useTranslation();
  const listStatus = useWorkspaceStore((state) => state.listStatus);
  const membership = useCurrentMembership();
  usePageTitle(t('onboarding.title'));

  let body;
  if (membership) body = <Checklist workspaceId={membership.workspaces.uid} />;
  else if (listStatus === 'idle' || listStatus === 'loading') body = <PageLoader label={t('workspaces.loading')} />;
  else {
    body = (
      <Container header={<Header variant="h2" description={t('onboarding.workspaceDescription')}>{t('onboarding.workspaceTitle')}</Header>}>
        <CreateWorkspaceForm onCreated={() => undefined} />
      </Container>
    );
  }
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <SpaceBetween size="l">
        <Header variant="h1" description={t('onboarding.description')}>
          {t('onboarding.title')}
        </Header>
        {body}
      </SpaceBetween>
    </div>
  );
};
