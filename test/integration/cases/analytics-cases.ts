import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { newBrand } from '../support/imports';
import { type Case, type World } from '../support/route-case';

const analyticsPath = (w: World, projectId: string) => `/workspaces/${w.alice.workspaceId}/projects/${projectId}/analytics`;

/** The brand's analytics: a brand before its first sync answers the range and empty lists; Mallory is refused. */
export const analyticsCases = {
  getAnalytics: {
    happy: async (w) => api('GET', `${analyticsPath(w, await newBrand(w.alice))}?from=2026-01-01&to=2026-03-31`, { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body).toEqual({ from: '2026-01-01', to: '2026-03-31', accounts: [], followers: [], posts_per_week: [], posts: [], pillars: [], best_times: [] }),
    bad: { call: async (w) => api('GET', `${analyticsPath(w, await newBrand(w.alice))}?from=yesterday`, { token: w.alice.token }), field: 'from' },
    foreign: async (w) => api('GET', analyticsPath(w, await newBrand(w.alice)), { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
