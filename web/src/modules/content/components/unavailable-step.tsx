import Alert from '@cloudscape-design/components/alert';
import { useTranslation } from 'react-i18next';
import type { Project } from '#shared/schemas/project';
import { isSetupStep, type UNAVAILABLE_PAGES } from '../setup-steps';
import { StepFrame } from './step-frame';

/** Connect Instagram, Analytics and Google Drive: accounts cannot be connected yet. Said plainly; the wizard goes on. */
export const UnavailableStep = ({ project, step }: { project: Project; step: (typeof UNAVAILABLE_PAGES)[number] }) => {
  const { t } = useTranslation();
  return (
    <StepFrame project={project} step={step} unavailable>
      <Alert type="info" header={t('content.unavailable.title')}>
        {t(`content.unavailable.${step}`)} {isSetupStep(step) ? t('content.unavailable.skip') : null}
      </Alert>
    </StepFrame>
  );
};
