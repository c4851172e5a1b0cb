import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SLATE_SHARE_FIELDS, type Assistant, type Audience, type BrandVoice, type Influence } from '#shared/schemas/content';
import { useFollow } from '../../../ui/use-follow';
import { useContentItems } from '../content-service';
import { settingsPath, type BrandSetupStep } from '../setup-steps';
import { StepFrame, useWizardMode } from './step-frame';
import type { StepProps } from './step-props';

const SHARE_KEYS = { slate_growth_content: 'growth', slate_trust_building_content: 'trust', slate_sales_promotions_content: 'sales' } as const;

/** Summary: the whole strategy on one page, each part with a link to the page that edits it. */
export const SummaryStep = ({ project, settings }: StepProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const wizard = useWizardMode();
  const voices = useContentItems(project.uid, 'brand-voices').data as BrandVoice[] | undefined;
  const assistants = useContentItems(project.uid, 'assistants').data as Assistant[] | undefined;
  const audiences = useContentItems(project.uid, 'audiences').data as Audience[] | undefined;
  const influences = useContentItems(project.uid, 'influences').data as Influence[] | undefined;
  const empty = t('content.summary.emptyValue');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : empty);
  const listOf = (values: readonly string[] | undefined): ReactNode =>
    values === undefined ? t('content.lists.loading') : values.length === 0 ? empty : values.join(', ');
  const named = (items: readonly { name: string; is_default?: boolean }[] | undefined) =>
    listOf(items?.map((item) => (item.is_default ? `${item.name} (${t('content.lists.default')})` : item.name)));

  const section = (step: BrandSetupStep, items: { label: string; value: ReactNode }[]) => {
    const title = t(`content.steps.${step}`);
    return (
      <Container
        key={step}
        header={
          <Header
            variant={wizard ? 'h3' : 'h2'}
            actions={
              <Button href={settingsPath(project.slug, step, wizard)} onFollow={follow} ariaLabel={t('content.editStep', { step: title })}>
                {t('content.edit')}
              </Button>
            }
          >
            {title}
          </Header>
        }
      >
        <KeyValuePairs columns={items.length > 2 ? 3 : 2} items={items} />
      </Container>
    );
  };

  return (
    <StepFrame project={project} step="summary" bare>
      <SpaceBetween size="l">
        {section('name-brand', [
          { label: t('content.fields.brandName'), value: project.name },
          { label: t('content.fields.industry'), value: text(settings.industry) },
          { label: t('content.fields.teamSkills'), value: listOf(settings.team_skills) },
        ])}
        {section('growth-goals', [
          { label: t('content.fields.postsPerWeek'), value: String(settings.output.posts_per_week) },
          { label: t('content.fields.platforms'), value: listOf(settings.output.platforms.map((platform) => t(`tasks.platform.${platform}`))) },
          { label: t('content.fields.reviewDay'), value: settings.slate_review_day },
          ...SLATE_SHARE_FIELDS.map((field) => ({ label: t(`content.fields.${SHARE_KEYS[field]}`), value: `${settings[field]}` })),
        ])}
        {section('define-goal', [
          { label: t('content.fields.goalPrimary'), value: settings.goal.primary ? t(`content.goals.${settings.goal.primary}`) : empty },
          { label: t('content.fields.goalDescription'), value: text(settings.goal.description) },
        ])}
        {section('brand-influences', [{ label: t('content.lists.influences.title'), value: named(influences) }])}
        {section('target-audience', [{ label: t('content.lists.audiences.title'), value: named(audiences) }])}
        {section('content-pillars', [
          {
            label: t('content.fields.pillars'),
            value:
              settings.content_pillars.length === 0 ? (
                empty
              ) : (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {settings.content_pillars.map((pillar) => (
                    <li key={pillar.name}>
                      <Box variant="strong" display="inline">{pillar.name}</Box>
                      {pillar.description ? ` — ${pillar.description}` : ''}
                    </li>
                  ))}
                </ul>
              ),
          },
        ])}
        {section('content-formats', [
          { label: t('content.fields.formats'), value: listOf(settings.content_formats) },
          { label: t('content.fields.otherPreferences'), value: text(settings.other_preferences) },
        ])}
        {section('off-brand', [
          { label: t('content.fields.rules'), value: listOf(settings.off_brand.rules) },
          { label: t('content.fields.terms'), value: listOf(settings.off_brand.terms) },
          { label: t('content.fields.minScore'), value: settings.brand_fit_min_score === null ? empty : String(settings.brand_fit_min_score) },
        ])}
        {section('brand-voice', [
          { label: t('content.lists.brand-voices.title'), value: named(voices) },
          { label: t('content.lists.assistants.title'), value: named(assistants) },
        ])}
      </SpaceBetween>
    </StepFrame>
  );
};
