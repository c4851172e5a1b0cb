import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TRIAL_DAYS } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ONBOARDING_PATH } from '../modules/onboarding/onboarding-paths';
import { loadTryResult } from '../modules/try/try-storage';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /try/next-steps (public): what the visitor got and the way to keep it. Sign-up returns to /onboarding, which
 * reads the try result from this tab and offers the brand with its website and voice.
 */
export const TryNextStepsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const result = loadTryResult();
  const title = result ? t('tryNext.title', { brand: result.brand_name }) : t('tryNext.titleNone');
  usePageTitle(title);
  const redirect = encodeURIComponent(ONBOARDING_PATH);

  if (!result) {
    return (
      <NarrowPage title={title}>
        <SpaceBetween size="m">
          <Box variant="p">{t('tryNext.noResult')}</Box>
          <RouterLink to="/try">{t('tryNext.toTry')}</RouterLink>
        </SpaceBetween>
      </NarrowPage>
    );
  }
  return (
    <NarrowPage title={title} description={t('tryNext.description')} footer={<Box variant="small">{t('tryNext.trial', { days: TRIAL_DAYS })}</Box>}>
      <SpaceBetween size="l">
        <div>
          <Box variant="h2">{t('tryNext.whatYouGot')}</Box>
          <ul>
            <li>{t('tryNext.gotVoice', { name: result.voice.name, traits: result.voice.traits.length })}</li>
            <li>{t('tryNext.gotIdeas', { count: result.ideas.length })}</li>
          </ul>
        </div>
        <div>
          <Box variant="h2">{t('tryNext.whatNext')}</Box>
          <ol>
            <li>{t('tryNext.step1')}</li>
            <li>{t('tryNext.step2', { brand: result.brand_name })}</li>
            <li>{t('tryNext.step3')}</li>
          </ol>
        </div>
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <Button variant="primary" onClick={() => navigate(`/signup?redirect=${redirect}`)}>
            {t('tryNext.signUp')}
          </Button>
          <RouterLink to={`/signin?redirect=${redirect}`}>{t('tryNext.signIn')}</RouterLink>
        </SpaceBetween>
      </SpaceBetween>
    </NarrowPage>
  );
};
