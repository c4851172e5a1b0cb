import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#shared/schemas/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../ui/use-debounced';
import type { PostFilters as PostQuery } from '../library-api';

/** The filters a post list offers: text search, a tag, a platform, a range of days. */
export type PostFilterKind = 'search' | 'tag' | 'platform' | 'days';

type Values = { search: string; tag?: string; platform?: SocialPlatform; from: string; to: string };
const NONE: Values = { search: '', from: '', to: '' };

/** The date pickers answer 'YYYY-MM-DD' (or '' when cleared), the day form the list route takes. */
const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/**
 * The state of a post list's filters and the query it sends: search debounced, and a range of days the wrong way
 * round not sent (it would match nothing; the picker says so instead).
 */
export const usePostFilters = () => {
  const [values, setValues] = useState<Values>(NONE);
  const q = useDebounced(values.search.trim(), 300);
  const rangeProblem = !!(day(values.from) && day(values.to) && values.from > values.to);
  const query: PostQuery = useMemo(
    () => ({ q: q || undefined, tag: values.tag, platform: values.platform, from: day(values.from), to: rangeProblem ? undefined : day(values.to) }),
    [q, values.tag, values.platform, values.from, values.to, rangeProblem],
  );
  return {
    values,
    set: (change: Partial<Values>) => setValues((current) => ({ ...current, ...change })),
    query,
    rangeProblem,
    filtered: !!(values.search.trim() || values.tag || values.platform || values.from || values.to),
    clear: () => setValues(NONE),
  };
};

export type PostFilterState = ReturnType<typeof usePostFilters>;

/** The filter controls of a post list (the library, the feed, the reference picker), in one row. */
export const PostFilters = ({ kinds, state, tags = [] }: { kinds: readonly PostFilterKind[]; state: PostFilterState; tags?: readonly string[] }) => {
  const { t } = useTranslation();
  const { values, set, rangeProblem } = state;
  const allTags: SelectProps.Option = { value: '', label: t('library.filters.allTags') };
  const tagOptions: SelectProps.Option[] = [allTags, ...tags.map((value) => ({ value, label: value }))];
  const allPlatforms: SelectProps.Option = { value: '', label: t('library.filters.allPlatforms') };
  const platformOptions: SelectProps.Option[] = [allPlatforms, ...SOCIAL_PLATFORMS.map((value) => ({ value, label: t(`library.platforms.${value}`) }))];
  // Labelled fields line up at their bottom edge; the search and tag controls carry aria labels of their own.
  const labelled = kinds.includes('platform') || kinds.includes('days');
  return (
    <SpaceBetween direction="horizontal" size={labelled ? 's' : 'xs'} alignItems={labelled ? 'end' : undefined}>
      {kinds.includes('search') && (
        <TextFilter
          filteringText={values.search}
          filteringPlaceholder={t('library.search.placeholder')}
          filteringAriaLabel={t('library.search.label')}
          onChange={({ detail }) => set({ search: detail.filteringText })}
        />
      )}
      {kinds.includes('tag') && (
        <Select
          selectedOption={tagOptions.find((option) => option.value === (values.tag ?? '')) ?? allTags}
          options={tagOptions}
          ariaLabel={t('library.filters.tag')}
          onChange={({ detail }) => set({ tag: detail.selectedOption.value || undefined })}
        />
      )}
      {kinds.includes('platform') && (
        <FormField label={t('library.filters.platform')}>
          <Select
            selectedOption={platformOptions.find((option) => option.value === (values.platform ?? '')) ?? allPlatforms}
            options={platformOptions}
            onChange={({ detail }) => set({ platform: (detail.selectedOption.value || undefined) as SocialPlatform | undefined })}
          />
        </FormField>
      )}
      {kinds.includes('days') && (
        <FormField label={t('library.filters.from')}>
          <DatePicker
            value={values.from}
            placeholder={t('library.filters.datePlaceholder')}
            openCalendarAriaLabel={(selected) => (selected ? `${t('library.filters.from')}: ${selected}` : t('library.filters.from'))}
            isDateEnabled={(date) => !day(values.to) || date <= new Date(`${values.to}T23:59:59`)}
            onChange={({ detail }) => set({ from: detail.value })}
          />
        </FormField>
      )}
      {kinds.includes('days') && (
        // Its own child of the row (a fragment would stack both pickers in one cell).
        <FormField label={t('library.filters.to')} errorText={rangeProblem ? t('library.filters.range') : undefined}>
          <DatePicker
            value={values.to}
            placeholder={t('library.filters.datePlaceholder')}
            openCalendarAriaLabel={(selected) => (selected ? `${t('library.filters.to')}: ${selected}` : t('library.filters.to'))}
            isDateEnabled={(date) => !day(values.from) || date >= new Date(`${values.from}T00:00:00`)}
            onChange={({ detail }) => set({ to: detail.value })}
          />
        </FormField>
      )}
    </SpaceBetween>
  );
};
