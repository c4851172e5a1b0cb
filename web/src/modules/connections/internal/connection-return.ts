import type { ConnectionType } from '#shared/schemas/connections';
import { settingsPath } from '../../content/setup-steps';

/** Where the page that started a consent is kept while the person is at the provider (this tab only). */
const RETURN_KEY = 'brandslate.connection-return';

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be off (privacy settings): the brand's page is the way back then.
    return undefined;
  }
};

/** Only a brand's page of this app: never an address from elsewhere. */
const isBrandPath = (path: string | null | undefined): path is string => !!path && path.startsWith('/project/') && !path.startsWith('//');

export const rememberReturn = (path: string) => {
  if (isBrandPath(path)) storage()?.setItem(RETURN_KEY, path);
};

/** The page that started the consent, if any (kept for a second look: a reload of the return page). */
export const rememberedReturn = (): string | undefined => {
  const path = storage()?.getItem(RETURN_KEY);
  return isBrandPath(path) ? path : undefined;
};

export const forgetReturn = () => storage()?.removeItem(RETURN_KEY);

/** The settings page of a connection type: Drive has its own, Instagram and YouTube share Connect Instagram. */
export const connectionPage = (type: ConnectionType) => (type === 'drive' ? 'google-drive' : 'connect-instagram');

/**
 * Where to go once a connection of the brand `slug` is finished: the page that started it when it was that brand's
 * (the wizard keeps its step), else the brand's page of that type.
 */
export const returnPathFor = (slug: string, type: ConnectionType): string => {
  const remembered = rememberedReturn();
  const page = settingsPath(slug, connectionPage(type));
  const brandPrefix = `/project/${encodeURIComponent(slug)}/${connectionPage(type)}`;
  return remembered && (remembered === brandPrefix || remembered.startsWith(`${brandPrefix}?`)) ? remembered : page;
};
