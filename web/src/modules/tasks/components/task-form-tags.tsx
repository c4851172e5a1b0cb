import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { createTaskBody } from '#shared/schemas/task';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_SAMPLE, maxOf } from '../../../ui/field-rule';

/** The create route's limits on tags, for the hint: how many, and how long each. */
const MAX_TAGS = maxOf(createTaskBody.shape.tags, Array.from({ length: 1_000 }, (_, index) => String(index)));
const MAX_TAG_LENGTH = maxOf(createTaskBody.shape.tags, [LONG_SAMPLE]);

export type TagTokensInputProps = {
  tags: string[];
  vocabulary: readonly string[];
  loading?: boolean;
  invalid: boolean;
  /** Set where no form field labels the input (editing in place). */
  ariaLabel?: string;
  onChange: (tags: string[]) => void;
};

/**
 * Tags typed freely (Enter adds) or picked from the tags in use; each shows as a removable token. Enter on an empty
 * box is left to the form around it (the full form or a field edited in place submits).
 */
export const TagTokensInput = forwardRef<AutosuggestProps.Ref, TagTokensInputProps>(function TagTokensInput(
  { tags, vocabulary, loading = false, invalid, ariaLabel, onChange },
  ref,
) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim();
    if (tag !== '' && !tags.includes(tag)) onChange([...tags, tag]);
    setValue('');
  };
  return (
    <SpaceBetween size="xs">
      <div
        onKeyDown={(event) => {
          if (event.key === 'Enter' && value.trim() !== '') {
            event.preventDefault();
            add(value);
          }
        }}
      >
        <Autosuggest
          ref={ref}
          ariaLabel={ariaLabel}
          value={value}
          onChange={({ detail }) => setValue(detail.value)}
          onSelect={({ detail }) => add(detail.value)}
          options={vocabulary.filter((tag) => !tags.includes(tag)).map((tag) => ({ value: tag }))}
          enteredTextLabel={(text) => t('tasks.form.tagAdd', { value: text })}
          placeholder={t('tasks.form.tagsPlaceholder')}
          statusType={loading ? 'loading' : 'finished'}
          empty={t('tasks.filters.noOptions')}
          invalid={invalid}
        />
      </div>
      {tags.length > 0 && (
        <TokenGroup
          items={tags.map((tag) => ({ label: tag, dismissLabel: t('tasks.filters.removeToken', { label: tag }) }))}
          onDismiss={({ detail }) => onChange(tags.filter((_, index) => index !== detail.itemIndex))}
        />
      )}
    </SpaceBetween>
  );
});

export type TagsFieldProps = { tags: string[]; vocabulary: string[]; loading: boolean; error?: string; onChange: (tags: string[]) => void };

/** The form's Tags field, with the create route's limits as its hint. */
export const TagsField = ({ tags, vocabulary, loading, error, onChange }: TagsFieldProps) => {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('tasks.form.tags')}
      constraintText={t('tasks.form.tagsHint', { max: String(MAX_TAGS), length: String(MAX_TAG_LENGTH) })}
      errorText={error}
      stretch
    >
      <TagTokensInput tags={tags} vocabulary={vocabulary} loading={loading} invalid={!!error} onChange={onChange} />
    </FormField>
  );
};
