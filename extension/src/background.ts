import { MAX_LONG_TEXT } from '#shared/schemas/task';
import { readSetTokenMessage } from '#shared/extension';
import { CONTEXT_MENU_TITLE } from '../manifest';
import { appOrigin, STORAGE } from './config';
import { applyRelayed, fromApp, type TokenStore } from './relay';

const MENU_ID = 'create-task-from-selection';

const store: TokenStore = {
  setToken: (token) => chrome.storage.session.set({ [STORAGE.token]: token }),
  clearToken: () => chrome.storage.session.remove(STORAGE.token),
  setRequiredVersion: (version) => chrome.storage.local.set({ [STORAGE.requiredVersion]: version }),
};

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: MENU_ID, title: CONTEXT_MENU_TITLE, contexts: ['selection'] });
  });
});

/** The set-token messages the content script relays from the app's pages. */
chrome.runtime.onMessage.addListener((raw, sender) => {
  const message = readSetTokenMessage(raw);
  if (!message || !fromApp(sender, chrome.runtime.id, appOrigin())) return;
  void applyRelayed(message, store);
});

/** Opens the text-highlight page for a selection, in a small window of its own next to the page. */
export const createTaskFromSelection = async (info: { selectionText?: string; pageUrl?: string }, tab?: { title?: string; url?: string }) => {
  const text = info.selectionText?.trim();
  if (!text) return;
  const query = new URLSearchParams({
    text: text.slice(0, MAX_LONG_TEXT),
    url: info.pageUrl ?? tab?.url ?? '',
    title: tab?.title ?? '',
  });
  await chrome.windows.create({ url: chrome.runtime.getURL(`text-highlight.html?${query}`), type: 'popup', width: 480, height: 720 });
};

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU_ID) void createTaskFromSelection(info, tab);
});

// Chrome's own context menu cannot be clicked by a test driver: the browser tests call the same handler.
(globalThis as { brandslateCreateTaskFromSelection?: typeof createTaskFromSelection }).brandslateCreateTaskFromSelection = createTaskFromSelection;
