import { I18nProvider } from '@cloudscape-design/components/i18n';
import cloudscapeMessages from '@cloudscape-design/components/i18n/messages/all.en';
import { RouterProvider } from 'react-router-dom';
import { ConfirmDialog } from '../modules/notifications/confirm-dialog';
import { router } from './router';

/** The app: Cloudscape's own English strings (default ARIA labels), the router and the one confirm dialog. */
export const App = () => (
  <I18nProvider locale="en" messages={[cloudscapeMessages]}>
    <RouterProvider router={router} />
    <ConfirmDialog />
  </I18nProvider>
);
