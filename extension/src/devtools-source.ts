import type { DevtoolsSource, PageProblem } from '../../web/src/modules/extension/host';
import { failedRequest, type HarEntry } from './failed-request';

/**
 * Installed in the inspected page: keeps console.error calls, uncaught errors and unhandled rejections in a buffer
 * the panel drains. DevTools has no API for console messages, so this is how the panel sees them.
 */
const HOOK = `(() => {
  if (window.__brandslateProblems) return true;
  const buffer = (window.__brandslateProblems = []);
  const text = (v) => { try { return v instanceof Error ? (v.stack || v.message) : typeof v === 'string' ? v : JSON.stringify(v); } catch { return String(v); } };
  const keep = (message) => { if (buffer.length < 500) buffer.push({ message: String(message).slice(0, 2000), at: Date.now() }); };
  const original = console.error;
  console.error = function (...args) { keep(args.map(text).join(' ')); return original.apply(this, args); };
  window.addEventListener('error', (e) => keep(e.error ? text(e.error) : e.message));
  window.addEventListener('unhandledrejection', (e) => keep('Unhandled rejection: ' + text(e.reason)));
  return true;
})()`;
const DRAIN = `(() => { const b = window.__brandslateProblems || []; window.__brandslateProblems && window.__brandslateProblems.splice(0); return b; })()`;

/** Evaluates in the inspected page; undefined when the page threw or is gone. */
const evaluate = <T>(expression: string): Promise<T | undefined> =>
  // The callback form: it is what every Chrome with DevTools extensions has.
  new Promise((resolve) =>
    chrome.devtools.inspectedWindow.eval(expression, (...[result, exception]) => resolve(exception ? undefined : (result as unknown as T))),
  );

export const createDevtoolsSource = (): DevtoolsSource => ({
  pageUrl: async () => (await evaluate<string>('location.href')) ?? '',
  watch: (listener) => {
    const problems: PageProblem[] = [];
    let sequence = 0;
    const add = (kind: PageProblem['kind'], message: string, at: number) => {
      problems.push({ id: `p${++sequence}`, kind, message, at });
      listener([...problems]);
    };
    const onRequest = (request: chrome.devtools.network.Request) => {
      const message = failedRequest(request as unknown as HarEntry);
      if (message) add('network', message, Date.parse(request.startedDateTime) || Date.now());
    };
    // What failed before the panel opened, then each new request.
    chrome.devtools.network.getHAR((har) => {
      for (const entry of (har.entries ?? []) as unknown as HarEntry[]) {
        const message = failedRequest(entry);
        if (message) add('network', message, Date.parse(entry.startedDateTime) || Date.now());
      }
    });
    chrome.devtools.network.onRequestFinished.addListener(onRequest);
    const install = () => void evaluate(HOOK);
    chrome.devtools.network.onNavigated.addListener(install);
    install();
    const timer = setInterval(() => {
      void evaluate<{ message: string; at: number }[]>(DRAIN).then((drained) => {
        for (const item of drained ?? []) add('console', item.message, item.at);
      });
    }, 1500);
    listener([]);
    return () => {
      clearInterval(timer);
      chrome.devtools.network.onRequestFinished.removeListener(onRequest);
      chrome.devtools.network.onNavigated.removeListener(install);
    };
  },
});
