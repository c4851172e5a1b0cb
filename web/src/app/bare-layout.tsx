import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { NotificationsFlashbar } from '../modules/notifications/notifications-flashbar';
import { PageLoader } from '../ui/page-loader';

/** No product header: the task detail page and the extension's own pages. */
export const BareLayout = () => {
  const { t } = useTranslation();
  return (
    <main id="main-content" style={{ padding: '16px', maxWidth: 1200, margin: '0 auto' }}>
      <NotificationsFlashbar />
      <Suspense fallback={<PageLoader label={t('app.loading')} heading />}>
        <Outlet />
      </Suspense>
    </main>
  );
};
