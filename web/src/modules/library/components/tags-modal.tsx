import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { POST_LIMITS, type Post } from '#shared/schemas/posts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { TagTokensInput } from '../../tasks/components/task-form-tags';
import { notify } from '../../notifications/notification-store';
import { useUpdatePostTags, type BrandRef } from '../library-api';

/** Edits a post's tags; the tags of the brand's loaded posts are offered. */
export const TagsModal = ({ brand, post, vocabulary, onClose }: { brand: BrandRef; post: Post | undefined; vocabulary: readonly string[]; onClose: () => void }) => {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const save = useUpdatePostTags(brand);
  useEffect(() => {
    setTags(post?.tags ?? []);
    save.reset();
  }, [post?.uid]);
  const problem =
    tags.length > POST_LIMITS.tags
      ? t('library.tags.tooMany', { max: String(POST_LIMITS.tags) })
      : tags.some((tag) => tag.length > POST_LIMITS.tag)
        ? t('library.tags.tooLong', { max: String(POST_LIMITS.tag) })
        : undefined;
  const submit = () => {
    if (!post || problem) return;
    save.mutate(
      { postId: post.uid, tags },
      {
        onSuccess: () => {
          notify.positive(t('library.tags.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      visible={!!post}
      onDismiss={onClose}
      header={t('library.tags.title')}
      closeAriaLabel={t('common.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={save.isPending} disabled={!!problem} onClick={submit}>
              {t('library.tags.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <FormField label={t('library.tags.label')} errorText={problem ?? (save.isError ? errorText(save.error) : undefined)}>
        <TagTokensInput tags={tags} vocabulary={vocabulary} invalid={!!problem} ariaLabel={t('library.tags.label')} onChange={setTags} />
      </FormField>
    </Modal>
  );
};
