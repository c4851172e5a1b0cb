import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Project } from '#shared/schemas/project';
import { notify } from '../../notifications/notification-store';
import { FormAlert } from '../../../ui/form-alert';
import { useFollow } from '../../../ui/use-follow';
import {
  BRAND_SETUP_STEPS,
  isSetupStep,
  nextStep,
  previousStep,
  settingsPath,
  stepNumber,
  WIZARD_PARAM,
  type BrandSettingsPage,
} from '../setup-steps';

/**
 * A page with a save is a form (Enter saves); a page without one (lists, the summary) is none, so that the panels
 * on it (the voice generator's own buttons and fields) never submit the wizard's step.
 */
const FormOrNot = ({ onSubmit, children }: { onSubmit?: () => Promise<void>; children: ReactNode }) =>
  onSubmit ? (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  ) : (
    <div>{children}</div>
  );

/** Is the page shown as a wizard step (?setup=1) rather than as a settings page of its own? */
export const useWizardMode = () => useSearchParams()[0].get(WIZARD_PARAM) === '1';

export type StepFrameProps = {
  project: Project;
  step: BrandSettingsPage;
  /** The page's save; false when it did not save (its form shows why). None: the page saves as it goes (lists). */
  onSave?: () => Promise<boolean>;
  saving?: boolean;
  /** A form-level error of the last save. */
  error?: string;
  /** The children are containers and tables of their own (lists): not wrapped in one more. */
  bare?: boolean;
  /** Nothing can be done on the page yet: the wizard's way on says Skip. */
  unavailable?: boolean;
  children: ReactNode;
};

/**
 * One brand-setup page, in either of its two guises: inside the wizard (the step's place in the thirteen, Back,
 * Skip and Save and continue) or as a settings page of the brand (Save). The page itself is the same.
 */
export const StepFrame = ({ project, step, onSave, saving = false, error, bare = false, unavailable = false, children }: StepFrameProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useFollow();
  const wizard = useWizardMode() && isSetupStep(step);
  const home = `/project/${encodeURIComponent(project.slug)}`;
  const title = t(`content.steps.${step}`);
  const description = t(`content.descriptions.${step}`);
  const alert = error ? <FormAlert iconLabel={t('content.errorIcon')}>{error}</FormAlert> : null;

  if (!wizard) {
    const save = async () => {
      if (onSave && (await onSave())) notify.positive(t('content.saved'));
    };
    return (
      <ContentLayout header={<Header variant="h1" description={description}>{title}</Header>}>
        <FormOrNot onSubmit={onSave ? save : undefined}>
          <Form
            actions={
              onSave ? (
                <Button variant="primary" formAction="submit" loading={saving}>
                  {t('content.settings.save')}
                </Button>
              ) : undefined
            }
          >
            <SpaceBetween size="l">
              {bare ? children : <Container>{children}</Container>}
              {alert}
            </SpaceBetween>
          </Form>
        </FormOrNot>
      </ContentLayout>
    );
  }

  const number = stepNumber(step);
  const last = number === BRAND_SETUP_STEPS.length;
  const before = previousStep(step);
  // The last step leads home: the brand's page then shows the setup as done.
  const after = last ? home : settingsPath(project.slug, nextStep(step), true);
  const advance = async () => {
    if (onSave && !(await onSave())) return;
    navigate(after);
  };
  const progress = t('content.wizard.progress', { number: String(number), total: String(BRAND_SETUP_STEPS.length), step: title });
  return (
    <ContentLayout
      header={
        <SpaceBetween size="s">
          <Header variant="h1" actions={<Button variant="link" href={home} onFollow={follow}>{t('content.wizard.exit')}</Button>}>
            {t('content.wizard.title', { name: project.name })}
          </Header>
          <ProgressBar value={Math.round((number / BRAND_SETUP_STEPS.length) * 100)} label={t('content.wizard.progressLabel')} description={progress} />
        </SpaceBetween>
      }
    >
      <FormOrNot onSubmit={onSave ? advance : undefined}>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {before && (
                <Button href={settingsPath(project.slug, before, true)} onFollow={follow}>
                  {t('content.wizard.back')}
                </Button>
              )}
              {!last && onSave && (
                <Button href={after} onFollow={follow}>
                  {t('content.wizard.skip')}
                </Button>
              )}
              <Button variant="primary" formAction={onSave ? 'submit' : 'none'} onClick={onSave ? undefined : () => void advance()} loading={saving}>
                {last ? t('content.wizard.finish') : unavailable ? t('content.wizard.skip') : onSave ? t('content.wizard.next') : t('content.wizard.continue')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {bare ? (
              <>
                <Header variant="h2" description={description}>{title}</Header>
                {children}
              </>
            ) : (
              <Container header={<Header variant="h2" description={description}>{title}</Header>}>{children}</Container>
            )}
            {alert}
          </SpaceBetween>
        </Form>
      </FormOrNot>
    </ContentLayout>
  );
};
