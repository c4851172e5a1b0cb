import Box from '@cloudscape-design/components/box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisabledNotice, ExtensionFrame } from './extension-frame';
import { overviewFromSelection, summaryFromText } from './extension-tasks';
import { useHost, type SelectedText } from './host';
import { PageTaskForm } from './page-task-form';
import { useExtensionState } from './use-extension-state';
import { disabledReason } from '#shared/extension';

/** /bex/text-highlight: the selected text becomes the task's summary and overview, with the page's link. */
export const TextHighlightPage = () => {
  const { t } = useTranslation();
  const host = useHost();
  const state = useExtensionState();
  const [selection, setSelection] = useState<SelectedText | null | undefined>(undefined);

  useEffect(() => {
    void host.selection().then(setSelection);
  }, [host]);

  // The selection's own page decides (the window this opens in is not that page).
  const disabled = state.settings && selection ? disabledReason(state.settings, selection.url, Date.now()) : null;
  return (
    <ExtensionFrame title={t('extension.form.highlightTitle')} state={{ ...state, ready: state.ready && selection !== undefined }}>
      {disabled ? (
        <DisabledNotice reason={disabled} state={{ ...state, tab: selection ? { url: selection.url, title: selection.title } : null }} />
      ) : !selection ? (
        <Box>{t('extension.highlight.empty')}</Box>
      ) : (
        <PageTaskForm
          state={state}
          source="text"
          page={selection}
          initialSummary={summaryFromText(selection.text)}
          initialOverview={overviewFromSelection(selection.text, selection.title, selection.url)}
        />
      )}
    </ExtensionFrame>
  );
};
