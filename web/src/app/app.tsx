import { I18nProvider } from '@cloudscape-design/components/i18n';
import cloudscapeMessages from '@cloudscape-design/components/i18n/messages/all.en';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '../api/query-client';
import { ExtensionOutdatedDialog } from '../modules/extension/extension-outdated-dialog';
import { ConfirmDialog } from '../modules/notifications/confirm-dialog';
import { router } from './router';

/** The app: the server-data cache, Cloudscape's own English strings (default ARIA labels), the router and the one confirm dialog. */
export const App = () => (
  <QueryClientProvider client={queryClient}>
    <I18nProvider locale="en" messages={[cloudscapeMessages]}>
      <RouterProvider router={router} />
      <ConfirmDialog />
      <ExtensionOutdatedDialog />
    </I18nProvider>
  </QueryClientProvider>
);
