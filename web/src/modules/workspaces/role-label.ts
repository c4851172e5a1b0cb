import { i18next } from '../../i18n';

/** A role name as shown: translated when known (admin, member, external), else the server's name capitalised. */
export const roleLabel = (name: string): string => {
  const key = `roles.${name.toLowerCase()}`;
  if (i18next.exists(key)) return String(i18next.t(key as never));
  return name.charAt(0).toUpperCase() + name.slice(1);
};
