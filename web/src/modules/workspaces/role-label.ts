import { ROLES, sameRole, type Role } from '#shared/constants';
import { i18next } from '../../i18n';

/** A role name as shown: translated when known (admin, member, external), else the server's name capitalised. */
export const roleLabel = (name: string): string => {
  const key = `roles.${name.toLowerCase()}`;
  if (i18next.exists(key)) return String(i18next.t(key as never));
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** A role name from GET /roles as one the API takes (names compare case-insensitively, spec 6), or undefined. */
export const knownRole = (name: string): Role | undefined => ROLES.find((role) => sameRole(role, name));
