import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ReloadPage } from '../ui/reload-page';

/** Anything a page throws while rendering (or a page chunk that failed to load) ends here, never blank. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ReloadPage title={t('app.crashed')} body={t('app.crashedBody')} reloadLabel={t('app.reload')} />;
};
