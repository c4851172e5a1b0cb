import { SOCIAL_CONNECTION_TYPES, type SocialConnectionType } from '#shared/schemas/connections';
import type { AnalyticsDeps } from '#core/analytics/get-analytics';
import { systemClock } from '#core/clock';
import { readSettings } from '#core/content/settings';
import { listAccountSnapshots, listPostMetrics } from '#data/analytics';
import { getContentSettings } from '#data/content';
import { listConnections, type ConnectionItem } from '#data/connections';
import { brandExists } from '#data/posts';
import { signView } from '#lib/uploads';

const isSocial = (item: ConnectionItem): item is ConnectionItem & { type: SocialConnectionType } =>
  (SOCIAL_CONNECTION_TYPES as readonly string[]).includes(item.type);

/** The analytics route's table and bucket access. */
export const analyticsDeps: AnalyticsDeps = {
  clock: systemClock,
  brandExists,
  accountsOf: async (brand) =>
    (await listConnections(brand)).filter(isSocial).flatMap((item) =>
      item.account
        ? [{ platform: item.type, username: item.account.username, followers: item.account.followers, ...(item.lastSyncAt ? { lastSyncAt: item.lastSyncAt } : {}) }]
        : [],
    ),
  // The brand's content settings pillars (name and description), then the Instagram account record's names.
  pillarsOf: async (brand) => {
    const [settings, connections] = await Promise.all([getContentSettings(brand), listConnections(brand)]);
    const pillars = readSettings(settings).content_pillars.map(({ name, description }) => ({ name, description }));
    const named = new Set(pillars.map((pillar) => pillar.name.toLowerCase()));
    for (const name of connections.filter(isSocial).flatMap((item) => item.contentPillars)) {
      if (!named.has(name.toLowerCase())) {
        named.add(name.toLowerCase());
        pillars.push({ name, description: '' });
      }
    }
    return pillars;
  },
  listAccountSnapshots: (brand, from, to) => listAccountSnapshots(brand, from, to),
  listPostMetrics,
  signThumbnail: signView,
};
