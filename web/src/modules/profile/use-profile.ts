import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { errorText } from '../../i18n';
import { fetchProfile, type Profile } from './profile-service';

export type ProfileState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; profile: Profile };

const PROFILE_KEY = ['me', 'profile'] as const;

/** The signed-in user's profile; `replace` takes the saved one after an edit. */
export const useProfile = () => {
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });
  const state: ProfileState = query.isError
    ? { status: 'failed', message: errorText(query.error) }
    : query.data
      ? { status: 'ready', profile: query.data }
      : { status: 'loading' };
  return { state, replace: (profile: Profile) => queryClient.setQueryData(PROFILE_KEY, profile) };
};
