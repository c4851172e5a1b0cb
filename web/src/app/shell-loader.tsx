import { useTranslation } from 'react-i18next';
import { PageLoader } from '../ui/page-loader';

/** A whole-page loading state outside any layout: a main landmark, an h1 and a status, never a blank page. */
export const ShellLoader = () => {
  const { t } = useTranslation();
  return (
    <main id="main-content">
      <PageLoader label={t('app.loading')} heading />
    </main>
  );
};
