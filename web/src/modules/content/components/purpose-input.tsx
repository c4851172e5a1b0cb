import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SLATE_PURPOSE_SUGGESTIONS } from '../slate';

export type PurposeInputProps = {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Set when no FormField labels the input (the inline edit). */
  ariaLabel?: string;
};

/**
 * A Post task's Purpose: free text, offering the weekly slate's share names, since a Purpose that is or starts with
 * one of them is what counts the post toward that share (slateKindOf).
 */
export const PurposeInput = forwardRef<AutosuggestProps.Ref, PurposeInputProps>(function PurposeInput({ value, onChange, invalid, ariaLabel }, ref) {
  const { t } = useTranslation();
  return (
    <Autosuggest
      ref={ref}
      ariaLabel={ariaLabel}
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
      options={[{ label: t('content.slate.purposeShares'), options: SLATE_PURPOSE_SUGGESTIONS.map((purpose) => ({ value: purpose })) }]}
      enteredTextLabel={(text) => t('content.slate.purposeTyped', { value: text })}
      empty={t('tasks.filters.noOptions')}
      invalid={invalid}
    />
  );
});
