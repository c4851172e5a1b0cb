/** Messages from the worker that came before the app set up its handler (a tap while the app was starting). */
const early: unknown[] = [];
let handle: ((data: unknown) => void) | undefined;

/** The app's handler of the worker's messages; what arrived before it is handed over at once. */
export const onWorkerMessage = (handler: (data: unknown) => void) => {
  handle = handler;
  for (const data of early.splice(0)) handler(data);
};

/**
 * Registers the service worker (/sw.js, built from ./service-worker.ts) once the page has loaded, so it never
 * competes with the first screen, and keeps the worker's messages until the app handles them (the push listener is
 * set up 500 ms after start; a tap in between must not be lost). Only in a build: `npm run dev` serves no /sw.js.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (handle) handle(event.data);
    else if (early.length < 10) early.push(event.data);
  });
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('The service worker could not be registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
