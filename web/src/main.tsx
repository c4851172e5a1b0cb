import '@cloudscape-design/global-styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { readStartParams } from './app/start-params';
import { ShellLoader } from './app/shell-loader';
import { StartFailed } from './app/start-failed';
import { loadAppConfig } from './config/app-config';
import { initI18n } from './i18n';
import { registerServiceWorker } from './sw/register';

const start = async () => {
  // Asked for at once rather than each after the one before: the runtime configuration and the chunks of the
  // layout and page this address shows.
  const config = loadAppConfig();
  // Amplify, the API client and the route table's schemas: fetched meanwhile and evaluated in a task of their
  // own, so that starting is not one long task.
  const session = Promise.all([import('./modules/auth/auth-service'), import('./app/session')]);
  // Both handled where they are awaited below; this only keeps an early failure from counting as unhandled.
  config.catch(() => undefined);
  session.catch(() => undefined);
  preloadRoute(window.location.pathname);
  await initI18n();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(<ShellLoader />);
  // The page's first Intl locale lookup loads the browser's list of locales (≈11 ms in Chromium), and Cloudscape's
  // message formatting makes it in the first render of the signed-in frame. Made here, it runs while the start
  // waits for its chunks and data.
  setTimeout(() => Intl.NumberFormat.supportedLocalesOf(document.documentElement.lang || 'en'));

  readStartParams(window.location.search, localStorage);
  let startSession: () => Promise<void>;
  try {
    const [[{ configureAuth }, sessionModule], appConfig] = await Promise.all([session, config]);
    configureAuth(appConfig);
    startSession = sessionModule.startSession;
  } catch (error) {
    console.error(error);
    root.render(<StartFailed />);
    return;
  }

  // The session restore runs while the router renders; guards wait for it.
  void startSession();
  // A transition: the app's first render is done in slices, the loader staying up until it is ready.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

void start();
// The installable app's worker (offline page, cached shell, push): registered once the page has loaded.
registerServiceWorker();
