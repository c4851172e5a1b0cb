import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { postUrl } from '#shared/schemas/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { errorText } from '../../../i18n';
import { notify } from '../../notifications/notification-store';
import { useAddPost, type BrandRef } from '../library-api';

/** One post added by its URL, fetched by the server at once; a URL already in the library says so. */
export const AddPostModal = ({ brand, visible, onClose }: { brand: BrandRef; visible: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [shown, setShown] = useState(false);
  const add = useAddPost(brand);
  const invalid = !postUrl.safeParse(url).success;
  const close = () => {
    setUrl('');
    setShown(false);
    add.reset();
    onClose();
  };
  const submit = () => {
    setShown(true);
    if (invalid) return;
    add.mutate(url.trim(), {
      onSuccess: () => {
        notify.positive(t('library.add.added'));
        close();
      },
    });
  };
  const serverError = add.isError ? (isApiError(add.error) && add.error.status === 409 ? t('library.add.exists') : errorText(add.error)) : undefined;
  return (
    <Modal visible={visible} onDismiss={close} header={t('library.add.title')} closeAriaLabel={t('common.close')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={close}>
                {t('library.add.cancel')}
              </Button>
              <Button variant="primary" loading={add.isPending}>
                {t('library.add.submit')}
              </Button>
            </SpaceBetween>
          }
        >
          <FormField label={t('library.add.label')} description={t('library.add.hint')} errorText={shown && invalid ? t('library.add.invalid') : serverError}>
            <Input type="url" value={url} inputMode="url" autoFocus placeholder="https://" onChange={({ detail }) => setUrl(detail.value)} invalid={shown && invalid} />
          </FormField>
        </Form>
      </form>
    </Modal>
  );
};
