import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import type { GeneratedField } from '#shared/schemas/generation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { useFieldFeedback } from '../generation-api';

/**
 * Thumbs up/down and a comment on a generated field: stored with the brand (POST /projects/{projectId}/feedback/{field})
 * and quoted in the next prompt for that field.
 */
export const FieldFeedback = ({ projectId, field }: { projectId: string; field: GeneratedField }) => {
  const { t } = useTranslation();
  const [rating, setRating] = useState<'up' | 'down' | null>(null);
  const [comment, setComment] = useState('');
  const send = useFieldFeedback(projectId, field);
  const fieldName = t(`generation.feedback.fields.${field}`);
  if (send.isSuccess) return <StatusIndicator type="success">{t('generation.feedback.sent', { field: fieldName })}</StatusIndicator>;
  const content = comment.trim() || (rating === 'up' ? t('generation.feedback.up') : rating === 'down' ? t('generation.feedback.down') : '');
  return (
    <div role="group" aria-label={t('generation.feedback.label', { field: fieldName })}>
      <SpaceBetween size="xs">
        <Box variant="small" color="text-body-secondary">
          {t('generation.feedback.label', { field: fieldName })}
        </Box>
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            iconName="thumbs-up"
            variant={rating === 'up' ? 'primary' : 'normal'}
            ariaLabel={t('generation.feedback.up')}
            onClick={() => setRating(rating === 'up' ? null : 'up')}
          >
            {t('generation.feedback.up')}
          </Button>
          <Button iconName="thumbs-down" variant={rating === 'down' ? 'primary' : 'normal'} ariaLabel={t('generation.feedback.down')} onClick={() => setRating(rating === 'down' ? null : 'down')}>
            {t('generation.feedback.down')}
          </Button>
        </SpaceBetween>
        {rating && (
          <FormField label={t('generation.feedback.comment')} description={t('generation.feedback.commentHint', { field: fieldName })} errorText={send.error ? errorText(send.error) : undefined}>
            <Textarea value={comment} rows={2} onChange={({ detail }) => setComment(detail.value.slice(0, CONTENT_LIMITS.feedbackContent))} />
          </FormField>
        )}
        {rating && (
          <Box>
            <Button loading={send.isPending} disabled={!content} onClick={() => send.mutate({ content, rating })}>
              {t('generation.feedback.send')}
            </Button>
          </Box>
        )}
      </SpaceBetween>
    </div>
  );
};
