import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ONBOARDING_ITEMS, type OnboardingItem } from '#shared/schemas/try';
import type { Project } from '#shared/schemas/project';
import { useTranslation } from 'react-i18next';
import { BRAND_SETUP_STEPS, settingsPath } from '../../content/setup-steps';
import { useUpdateOnboarding } from '../../try/try-api';
import { useFollow } from '../../../ui/use-follow';
import { doneItems, progressOf, type OnboardingFacts } from '../onboarding-facts';

type Props = { facts: OnboardingFacts; firstProject: Project | undefined; isAdmin: boolean };

/** The checklist: each item done or to do, with the link that does it. */
export const OnboardingChecklist = ({ facts, firstProject, isAdmin }: Props) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const update = useUpdateOnboarding();
  const done = doneItems(facts);
  const progress = progressOf(done, ONBOARDING_ITEMS);

  const hrefOf = (item: OnboardingItem): string | undefined => {
    switch (item) {
      case 'brand':
        return '/project/add';
      case 'wizard':
        return firstProject ? settingsPath(firstProject.slug, BRAND_SETUP_STEPS[0], true) : undefined;
      case 'invite':
        return isAdmin ? '/team' : undefined;
      case 'connect':
        return firstProject ? settingsPath(firstProject.slug, 'connect-instagram') : undefined;
      case 'task':
        return firstProject ? `/project/${encodeURIComponent(firstProject.slug)}/tasks` : '/tasks';
      case 'extension':
        return undefined;
    }
  };

  const action = (item: OnboardingItem) => {
    if (item === 'extension') {
      const installed = facts.stored?.extension_installed === true;
      return (
        <Button loading={update.isPending} disabled={!facts.stored} onClick={() => update.mutate({ extension_installed: !installed })}>
          {installed ? t('onboarding.items.extension.undo') : t('onboarding.items.extension.action')}
        </Button>
      );
    }
    if (item === 'invite' && !isAdmin) return <Box variant="small">{t('onboarding.items.invite.adminOnly')}</Box>;
    const href = hrefOf(item);
    if (!href) return <Box variant="small">{t('onboarding.needsBrand')}</Box>;
    return (
      <Button href={href} onFollow={follow} ariaLabel={`${t(`onboarding.items.${item}.action`)}: ${t(`onboarding.items.${item}.title`)}`}>
        {t(`onboarding.items.${item}.action`)}
      </Button>
    );
  };

  const status = (item: OnboardingItem) => {
    return done.has(item) ? <StatusIndicator type="success">{t('onboarding.done')}</StatusIndicator> : <StatusIndicator type="pending">{t('onboarding.notDone')}</StatusIndicator>;
  };

  return (
    <Container header={<Header variant="h2">{t('onboarding.progress', progress)}</Header>}>
      <SpaceBetween size="l">
        <ProgressBar value={(progress.done / progress.total) * 100} ariaLabel={t('onboarding.progressLabel')} />
        <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('onboarding.title')}>
          {ONBOARDING_ITEMS.map((item) => (
            <li key={item} data-item={item} data-done={done.has(item)} style={{ padding: '12px 0', borderTop: '1px solid var(--color-border-divider-default, #e9ebed)' }}>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between' }}>
                <div style={{ flex: '1 1 260px' }}>
                  <Box variant="h3">{t(`onboarding.items.${item}.title`)}</Box>
                  <Box variant="p" color="text-body-secondary">
                    {t(`onboarding.items.${item}.body`)}
                  </Box>
                  {status(item)}
                </div>
                <div>{action(item)}</div>
              </div>
            </li>
          ))}
        </ol>
      </SpaceBetween>
    </Container>
  );
};
