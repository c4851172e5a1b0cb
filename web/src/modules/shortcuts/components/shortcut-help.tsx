import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, type Shortcut } from '../shortcut-catalogue';
import { useShortcut, useShortcutListener } from '../use-shortcut';

const kbdStyle = {
  display: 'inline-block',
  minWidth: 24,
  padding: '2px 6px',
  border: '1px solid currentColor',
  borderRadius: 4,
  fontFamily: 'monospace',
  textAlign: 'center',
} as const;

/** A key as printed on the keyboard. */
export const Kbd = ({ shortcut }: { shortcut: Shortcut }) => {
  const { t } = useTranslation();
  return <kbd style={kbdStyle}>{shortcut.key === 'Escape' ? t('shortcuts.escapeKey') : shortcut.key.toUpperCase()}</kbd>;
};

/**
 * The signed-in shell's keyboard: listens for the shortcuts and answers `?` with the list of every one of them
 * (SHORTCUTS), whichever the current screen claims.
 */
export const ShortcutHost = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useShortcutListener();
  useShortcut('help', () => setOpen(true));
  return (
    <Modal
      visible={open}
      onDismiss={() => setOpen(false)}
      header={t('shortcuts.title')}
      closeAriaLabel={t('shortcuts.close')}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={() => setOpen(false)}>
            {t('shortcuts.close')}
          </Button>
        </Box>
      }
    >
      {open && (
        <Table<Shortcut>
          variant="embedded"
          header={<Box color="text-body-secondary">{t('shortcuts.description')}</Box>}
          ariaLabels={{ tableLabel: t('shortcuts.title') }}
          items={[...SHORTCUTS]}
          trackBy="id"
          columnDefinitions={[
            { id: 'key', header: t('shortcuts.keyColumn'), cell: (shortcut) => <Kbd shortcut={shortcut} /> },
            { id: 'action', header: t('shortcuts.actionColumn'), cell: (shortcut) => t(shortcut.label) },
            { id: 'where', header: t('shortcuts.whereColumn'), cell: (shortcut) => t(shortcut.where) },
          ]}
        />
      )}
    </Modal>
  );
};
