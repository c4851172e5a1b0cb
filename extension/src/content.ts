import { relayedMessage } from './relay';

/**
 * Runs on the app's pages only (manifest content_scripts): passes the app's set-token messages to the background,
 * which keeps the token. Loaded at document_start so the message of a restored session is not missed.
 */
window.addEventListener('message', (event) => {
  const message = relayedMessage(event, window, window.location.origin);
  if (message) void chrome.runtime.sendMessage(message).catch(() => undefined);
});
