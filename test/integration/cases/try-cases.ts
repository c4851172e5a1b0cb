import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { siteUrl } from '../support/generation';
import type { Case } from '../support/route-case';
import { freshVisitor, tryFrom } from '../support/try';

/** The public try page: no token, no workspace; each call from its own loopback address so the per-IP hour is fresh. */
export const tryCases = {
  tryBrand: {
    happy: () => tryFrom(freshVisitor(), { url: siteUrl() }),
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ url: siteUrl(), brand_name: expect.any(String), voice: { name: expect.any(String), traits: expect.any(Array) }, meta: { local_test_model: true } });
      expect(body.ideas).toHaveLength(3);
    },
    bad: { call: () => tryFrom(freshVisitor(), { url: 'not a web address' }), field: 'url' },
  },
  getOnboarding: {
    happy: (w) => api('GET', '/me/onboarding', { token: w.mallory.token }),
    expectHappy: ({ body }) => expect(body).toEqual({ dismissed: false, extension_installed: false }),
  },
  updateOnboarding: {
    happy: (w) => api('PATCH', '/me/onboarding', { token: w.alice.token, body: { extension_installed: true } }),
    expectHappy: ({ body }) => expect(body).toEqual({ dismissed: false, extension_installed: true }),
    bad: { call: (w) => api('PATCH', '/me/onboarding', { token: w.alice.token, body: { dismissed: 'yes' } }), field: 'dismissed' },
  },
} satisfies Partial<Record<RouteName, Case>>;
