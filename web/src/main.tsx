import '@cloudscape-design/global-styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSession } from './app/session';
import { readStartParams } from './app/start-params';
import { ShellLoader } from './app/shell-loader';
import { StartFailed } from './app/start-failed';
import { loadAppConfig } from './config/app-config';
import { i18next, initI18n } from './i18n';
import { configureAuth } from './modules/auth/auth-service';
import { notify } from './modules/notifications/notification-store';

const start = async () => {
  await initI18n();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(<ShellLoader />);

  const params = readStartParams(window.location.search, localStorage);
  try {
    configureAuth(await loadAppConfig());
  } catch (error) {
    console.error(error);
    root.render(<StartFailed />);
    return;
  }
  if (params.extensionOutdated) notify.negative(i18next.t('notifications.extensionOutdated'));

  // The session restore runs while the router renders; guards wait for it.
  void startSession();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void start();
