import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Post } from '#shared/schemas/posts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n';
import { PageLoader } from '../../../ui/page-loader';
import { formatDate } from '../../../ui/format-date';
import { useRawPost, type BrandRef } from '../library-api';

/** JSON shown indented; anything else (a page's meta as text) as it came. */
const pretty = (data: string) => {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
};

/** What the platform returned for a post (oEmbed JSON or the page's meta), fetched only when the modal opens. */
export const RawPostModal = ({ brand, post, onClose }: { brand: BrandRef; post: Post | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const raw = useRawPost(brand, post?.uid);
  return (
    <Modal
      visible={!!post}
      onDismiss={onClose}
      size="large"
      header={t('library.raw.title')}
      closeAriaLabel={t('common.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {t('library.raw.close')}
          </Button>
        </Box>
      }
    >
      {raw.isPending ? (
        <PageLoader label={t('library.raw.loading')} />
      ) : raw.isError ? (
        <Alert type="error" header={t('library.raw.failed')}>
          {errorText(raw.error)}
        </Alert>
      ) : (
        <SpaceBetween size="m">
          <Box variant="p">{t('library.raw.description', { url: post?.url ?? '', date: formatDate(raw.data.fetched_at) })}</Box>
          <KeyValuePairs items={[{ label: t('library.raw.contentType'), value: raw.data.content_type }]} />
          <pre
            tabIndex={0}
            aria-label={t('library.raw.title')}
            style={{ maxHeight: '50vh', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, padding: 12, borderRadius: 8, background: 'var(--color-background-code-editor, #f4f4f4)', fontSize: 13 }}
          >
            {pretty(raw.data.data)}
          </pre>
        </SpaceBetween>
      )}
    </Modal>
  );
};
