import '@cloudscape-design/global-styles/index.css';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import cloudscapeMessages from '@cloudscape-design/components/i18n/messages/all.en';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { configureApiClient } from '../../web/src/api/client';
import { i18next, initI18n, translateError } from '../../web/src/i18n';
import { BexRoutes } from '../../web/src/modules/extension/bex-routes';
import { HostContext } from '../../web/src/modules/extension/host';
import { ConfirmDialog } from '../../web/src/modules/notifications/confirm-dialog';
import { NotificationsFlashbar } from '../../web/src/modules/notifications/notifications-flashbar';
import { notify } from '../../web/src/modules/notifications/notification-store';
import { createChromeHost, forgetToken, usableToken } from './chrome-host';
import { appOrigin } from './config';

/**
 * Every html page of the extension renders the SPA's /bex page named by its body's data-page, from this bundle:
 * the same React modules as the app's /bex routes, talking to the app's API with the token the app handed over.
 */
const start = async () => {
  await initI18n();
  configureApiClient({
    baseUrl: appOrigin(),
    getIdToken: usableToken,
    // The app rejected the token: forget it, and the pages show "Sign in to Brandslate".
    onUnauthorized: () => void forgetToken(),
    onError: (error) =>
      notify.negative(error.code === 'network_error' ? String(i18next.t('app.networkError')) : translateError(error.code, error.message)),
  });
  const page = document.body.dataset.page ?? '/bex/empty';
  const host = createChromeHost();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <I18nProvider locale="en" messages={[cloudscapeMessages]}>
        <HostContext.Provider value={host}>
          <MemoryRouter initialEntries={[`${page}${window.location.search}`]}>
            <main style={{ padding: 16 }}>
              <NotificationsFlashbar />
              <Routes>
                <Route path="/bex/*" element={<BexRoutes />} />
              </Routes>
            </main>
          </MemoryRouter>
          <ConfirmDialog />
        </HostContext.Provider>
      </I18nProvider>
    </StrictMode>,
  );
};

void start();
