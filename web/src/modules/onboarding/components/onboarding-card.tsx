import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useOnboardingState, useUpdateOnboarding } from '../../try/try-api';
import { useFollow } from '../../../ui/use-follow';
import { ONBOARDING_PATH } from '../onboarding-paths';

/** On the dashboard until the person hides it: the way back to the checklist. */
export const OnboardingCard = () => {
  const { t } = useTranslation();
  const follow = useFollow();
  const state = useOnboardingState();
  const update = useUpdateOnboarding();
  if (!state.data || state.data.dismissed) return null;
  return (
    <Container header={<Header variant="h2">{t('onboarding.title')}</Header>}>
      <SpaceBetween size="s">
        <Box variant="p">{t('onboarding.dashboardBody')}</Box>
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="primary" href={ONBOARDING_PATH} onFollow={follow}>
            {t('onboarding.dashboardOpen')}
          </Button>
          <Button loading={update.isPending} onClick={() => update.mutate({ dismissed: true })}>
            {t('onboarding.dismiss')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
};
