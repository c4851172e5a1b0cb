import { useTranslation } from 'react-i18next';
import { ReloadPage } from '../ui/reload-page';

/** Shown when the runtime configuration could not be loaded: nothing else can work without it. */
export const StartFailed = () => {
  const { t } = useTranslation();
  return <ReloadPage title={t('app.startFailed')} body={t('app.startFailedBody')} reloadLabel={t('app.reload')} />;
};
