import DateRangePicker from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { ANALYTICS_LIMITS, ANALYTICS_PLATFORMS, type AnalyticsPlatform } from '#shared/schemas/analytics';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_UNITS, RELATIVE_RANGES, rangeProblem, type useAnalyticsFilters } from '../analytics-filters';
import { dateToDay } from '../analytics-model';

const ALL = 'all';

/** The page's date range (presets ending today, or two days) and platform. */
export const AnalyticsFiltersBar = ({ filters }: { filters: ReturnType<typeof useAnalyticsFilters> }) => {
  const { t } = useTranslation();
  const today = dateToDay(new Date());
  // The field's visible label names the control (its own label would show a second time on a phone, as a select's).
  const platformLabel = useId();
  return (
    <div role="group" aria-label={t('analytics.filters.label')} style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-end' }}>
      <FormField label={t('analytics.filters.range')}>
        <DateRangePicker
          value={filters.range}
          relativeOptions={RELATIVE_RANGES}
          customRelativeRangeUnits={CUSTOM_UNITS}
          dateOnly
          placeholder={t('analytics.filters.rangePlaceholder')}
          isDateEnabled={(date) => dateToDay(new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))) <= today}
          isValidRange={(value) => {
            const problem = rangeProblem(value);
            return problem
              ? { valid: false, errorMessage: t(`analytics.filters.${problem}`, { days: String(ANALYTICS_LIMITS.maxDays) }) }
              : { valid: true };
          }}
          onChange={({ detail }) => {
            if (detail.value && !rangeProblem(detail.value)) filters.setRange(detail.value);
          }}
        />
      </FormField>
      <FormField label={<span id={platformLabel}>{t('analytics.filters.platform')}</span>}>
        <SegmentedControl
          ariaLabelledby={platformLabel}
          selectedId={filters.platform ?? ALL}
          options={[
            { id: ALL, text: t('analytics.filters.all') },
            ...ANALYTICS_PLATFORMS.map((platform) => ({ id: platform, text: t(`library.platforms.${platform}`) })),
          ]}
          onChange={({ detail }) => filters.setPlatform(detail.selectedId === ALL ? undefined : (detail.selectedId as AnalyticsPlatform))}
        />
      </FormField>
    </div>
  );
};
