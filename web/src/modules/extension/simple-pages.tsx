import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/use-page-title';
import { visuallyHiddenStyle } from '../../ui/visually-hidden';

/** /bex/empty: a blank page of the extension (spec: no content of its own). */
export const EmptyPage = () => {
  const { t } = useTranslation();
  usePageTitle(undefined);
  return (
<h1 style={visuallyHiddenStyle}>{t('extension.empty.title')}</h1>
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
