import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/use-page-title';
import { visuallyHiddenStyle } from '../../ui/visually-hidden';
import { ExtensionFrame } from './extension-frame';
import { useHost } from './host';
import { useExtensionState } from './use-extension-state';

/** /bex/empty: a blank page of the extension (spec: no content of its own). */
export const EmptyPage = () => {
  const { t } = useTranslation();
  usePageTitle(undefined);
  return (
<h1 style={visuallyHiddenStyle}>{t('extension.empty.title')}</h1>
  );
};

/** /bex/record: recording the tab from the extension hands over to the app's recorder. */
export const RecordPage = () => {
  const { t } = useTranslation();
  const host = useHost();
  const state = useExtensionState();
  return (
    <ExtensionFrame title={t('extension.record.title')} state={state}>
      <Container>
        <SpaceBetween size="m">
          <Box>{t('extension.record.unavailable')}</Box>
          <Button onClick={() => host.openApp('/dashboard')}>{t('extension.record.openApp')}</Button>
        </SpaceBetween>
      </Container>
    </ExtensionFrame>
  );
};

export const ExtensionNotFound = () => {
  const { t } = useTranslation();
  return (
    <Box variant="h1" tagOverride="h1">
      {t('extension.notFound')}
    </Box>
  );
};
