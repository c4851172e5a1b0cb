import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LIMITS, SLATE_SHARE_FIELDS, WEEKDAYS, type SlateShareField, type Weekday } from '#shared/schemas/content';
import { POST_PLATFORMS } from '#shared/schemas/task';
import { checkShares, wholeNumber, type Shares } from '../content-forms';
import { useSettingsSave } from '../use-settings-save';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

const SHARE_LABEL: Record<SlateShareField, 'growth' | 'trust' | 'sales'> = {
  slate_growth_content: 'growth',
  slate_trust_building_content: 'trust',
  slate_sales_promotions_content: 'sales',
};

/**
 * Content Output (growth-goals): posts per week and platforms, and the weekly slate: the review day and each kind's
 * share, summed live and refused over 100 before anything is sent.
 */
export const ContentOutputStep = ({ project, workspaceId, settings }: StepProps) => {
  const { t } = useTranslation();
  const [posts, setPosts] = useState(String(settings.output.posts_per_week));
  const [platforms, setPlatforms] = useState<string[]>(settings.output.platforms);
  const [reviewDay, setReviewDay] = useState<Weekday>(settings.slate_review_day);
  const [shares, setShares] = useState<Shares>(
    Object.fromEntries(SLATE_SHARE_FIELDS.map((field) => [field, String(settings[field])])) as Shares,
  );
  const [tried, setTried] = useState(false);
  const { save, saving, error, errorField } = useSettingsSave(workspaceId, project.uid);
  const postsValue = wholeNumber(posts, CONTENT_LIMITS.postsPerWeek);
  const checked = checkShares(shares);
  const over = checked.total > 100;

  const onSave = async () => {
    setTried(true);
    if (postsValue === undefined || !checked.valid) return false;
    return save({
      output: { posts_per_week: postsValue, platforms: POST_PLATFORMS.filter((platform) => platforms.includes(platform)) },
      slate_review_day: reviewDay,
      ...(Object.fromEntries(SLATE_SHARE_FIELDS.map((field, index) => [field, checked.values[index]])) as Record<SlateShareField, number>),
    });
  };

  const platformOption = (value: string) => ({ value, label: t(`tasks.platform.${value as (typeof POST_PLATFORMS)[number]}`) });
  return (
    <StepFrame project={project} step="growth-goals" onSave={onSave} saving={saving} error={error}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} minColumnWidth={200}>
          <FormField
            label={t('content.fields.postsPerWeek')}
            errorText={
              (tried && postsValue === undefined) || errorField?.startsWith('output.posts_per_week')
                ? t('content.fields.postsRange', { max: String(CONTENT_LIMITS.postsPerWeek) })
                : undefined
            }
          >
            <Input type="number" inputMode="numeric" value={posts} onChange={({ detail }) => setPosts(detail.value)} />
          </FormField>
          <FormField label={t('content.fields.reviewDay')} description={t('content.fields.reviewDayDescription')}>
            <Select
              selectedOption={{ value: reviewDay, label: reviewDay }}
              onChange={({ detail }) => setReviewDay(detail.selectedOption.value as Weekday)}
              options={WEEKDAYS.map((value) => ({ value, label: value }))}
            />
          </FormField>
        </ColumnLayout>
        <FormField label={t('content.fields.platforms')}>
          <Multiselect
            selectedOptions={platforms.map(platformOption)}
            onChange={({ detail }) => setPlatforms(detail.selectedOptions.map((option) => option.value ?? ''))}
            options={POST_PLATFORMS.map(platformOption)}
            placeholder={t('content.fields.platformsPlaceholder')}
          />
        </FormField>
        <FormField
          label={t('content.fields.shares')}
          description={t('content.fields.sharesDescription')}
          errorText={over ? t('content.fields.sharesTooMuch', { total: String(checked.total) }) : errorField?.startsWith('slate_') ? error : undefined}
        >
          <SpaceBetween size="s">
            <ColumnLayout columns={3} minColumnWidth={140}>
              {SLATE_SHARE_FIELDS.map((field, index) => (
                <FormField
                  key={field}
                  label={t(`content.fields.${SHARE_LABEL[field]}`)}
                  errorText={tried && checked.values[index] === undefined ? t('content.fields.shareRange') : undefined}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    value={shares[field]}
                    invalid={over}
                    onChange={({ detail }) => setShares((current) => ({ ...current, [field]: detail.value }))}
                  />
                </FormField>
              ))}
            </ColumnLayout>
            <Box color={over ? 'text-status-error' : 'text-body-secondary'}>
              <span aria-live="polite">{t('content.fields.sharesTotal', { total: String(checked.total) })}</span>
            </Box>
          </SpaceBetween>
        </FormField>
      </SpaceBetween>
    </StepFrame>
  );
};
