import type { RouteResponse, Routes } from '#shared/routes';
import { api } from '../../api/client';

export type Profile = RouteResponse<Routes['getProfile']>;

/** GET /me: the signed-in user's profile, with whether their email is verified. */
export const fetchProfile = (signal?: AbortSignal) => api.call('getProfile', { signal, notify: false });

/** PATCH /me: the display name. */
export const saveDisplayName = (name: string) => api.call('updateProfile', { body: { name }, notify: false });
