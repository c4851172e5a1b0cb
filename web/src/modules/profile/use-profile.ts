import { useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { translateError } from '../../i18n';
import { fetchProfile, type Profile } from './profile-service';

export type ProfileState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; profile: Profile };

/** The signed-in user's profile; `replace` takes the saved one after an edit. */
export const useProfile = () => {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(controller.signal)
      .then((profile) => setState({ status: 'ready', profile }))
      .catch((caught) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: isApiError(caught) ? translateError(caught.code, caught.message) : String(caught) });
      });
    return () => controller.abort();
  }, []);
  return { state, replace: (profile: Profile) => setState({ status: 'ready', profile }) };
};
