import type { TeamMember } from '#shared/schemas/workspace';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth/auth-store';
import { memberName } from '../tasks/task-labels';
import { useWorkspaceStore } from '../workspaces/workspace-store';

/** A person's name from the team list; "You" for the signed-in person; `fallback` (or a neutral word) otherwise. */
export const personName = (uid: string | null, team: readonly TeamMember[], me: string | undefined, words: { you: string; unknown: string }, fallback?: string | null) => {
  if (uid && uid === me) return words.you;
  const member = uid ? team.find((candidate) => candidate.uid === uid) : undefined;
  if (member) return memberName(member);
  return fallback?.trim() || words.unknown;
};

/** personName bound to the current team and session. */
export const usePersonName = () => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const me = useAuthStore((state) => state.user?.uid);
  return useCallback(
    (uid: string | null, fallback?: string | null) =>
      personName(uid, team, me, { you: t('taskDetail.you'), unknown: t('tasks.unknownMember') }, fallback),
    [team, me, t],
  );
};
