import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';

export type ConfirmOptions = {
  title?: string;
  message?: string;
  okText?: string;
  cancelText?: string;
};

type ConfirmState = {
  open: boolean;
  options: ConfirmOptions;
  resolve?: (answer: boolean) => void;
};

const useConfirmStore = create<ConfirmState>()(() => ({ open: false, options: {} }));

/**
 * Asks the user to confirm; resolves true on Ok, false on Cancel. Defaults (spec 5): 'Are you sure?',
 * 'This action can not be reverted', Ok / Cancel.
 */
export const confirmAction = (options: ConfirmOptions = {}): Promise<boolean> =>
  new Promise((resolve) => {
    useConfirmStore.getState().resolve?.(false);
    useConfirmStore.setState({ open: true, options, resolve });
  });

const answer = (value: boolean) => {
  const { resolve } = useConfirmStore.getState();
  useConfirmStore.setState({ open: false, resolve: undefined });
  resolve?.(value);
};

/** The one confirm dialog of the app. Persistent: a click outside does not close it. */
export const ConfirmDialog = () => {
  const { t } = useTranslation();
  const { open, options } = useConfirmStore();
  return (
    <Modal
      visible={open}
      onDismiss={({ detail }) => {
        if (detail.reason === 'overlay') return;
        answer(false);
      }}
      header={options.title ?? t('confirm.title')}
      closeAriaLabel={t('confirm.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => answer(false)}>
              {options.cancelText ?? t('confirm.cancel')}
            </Button>
            <Button variant="primary" onClick={() => answer(true)}>
              {options.okText ?? t('confirm.ok')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {options.message ?? t('confirm.message')}
    </Modal>
  );
};
