import { BETA_CODE } from '#shared/constants';

/** The query parameters read once at start (spec 2). */
export type StartParams = {
  origin: string | null;
  /** From `extension_outdated`: true, false, or null when absent or not 'true'/'false'. */
  extensionOutdated: boolean | null;
  /** `betauser` equals the beta code. */
  betaUser: boolean;
};

export const BETA_STORAGE_KEY = 'brandslate.betauser';

export const parseStartParams = (search: string): StartParams => {
  const params = new URLSearchParams(search);
  const outdated = params.get('extension_outdated');
  return {
    origin: params.get('origin'),
    extensionOutdated: outdated === 'true' ? true : outdated === 'false' ? false : null,
    betaUser: params.get('betauser') === BETA_CODE,
  };
};

let startParams: StartParams = { origin: null, extensionOutdated: null, betaUser: false };

/** Reads the start parameters of this page load and stores the beta flag locally when it is the beta code. */
export const readStartParams = (search: string, storage: Pick<Storage, 'setItem'>): StartParams => {
  startParams = parseStartParams(search);
  if (startParams.betaUser) storage.setItem(BETA_STORAGE_KEY, BETA_CODE);
  return startParams;
};

export const getStartParams = () => startParams;

export const isBetaUser = (storage: Pick<Storage, 'getItem'> = localStorage) =>
  storage.getItem(BETA_STORAGE_KEY) === BETA_CODE;
