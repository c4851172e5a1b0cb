/**
 * Registers the service worker (/sw.js, built from ./service-worker.ts) once the page has loaded, so it never
 * competes with the first screen. Only in a build: `npm run dev` serves no /sw.js.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('The service worker could not be registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
