import type { NamedMember } from '../team/team-view';

/** How an export names a person: "Name <email>", the email alone without a name, '' for nobody. */
export const personLabel = (members: readonly NamedMember[]) => {
  const byId = new Map(members.map((m) => [m.userId, m.name ? `${m.name} <${m.email}>` : m.email]));
  return (userId: string | null | undefined): string => (userId ? (byId.get(userId) ?? 'Former member') : '');
};
