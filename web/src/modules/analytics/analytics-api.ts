import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPlatform } from '#shared/schemas/analytics';
import { api } from '../../api/client';

/** The brand whose analytics are read. */
export type BrandRef = { workspaceId: string; projectId: string };
/** What the page asks for: a range of UTC days and one platform or both. */
export type AnalyticsRequest = { from: string; to: string; platform?: AnalyticsPlatform };

export const analyticsKeys = {
  all: (brand: BrandRef) => ['analytics', brand.workspaceId, brand.projectId] as const,
  range: (brand: BrandRef, request: AnalyticsRequest) => [...analyticsKeys.all(brand), request] as const,
};

/**
 * The brand's analytics for a range. A changed filter keeps the previous answer on screen (the charts dim rather
 * than blink to a spinner); errors are shown in the page, not as a notification.
 */
export const useAnalytics = (brand: BrandRef, request: AnalyticsRequest) =>
  useQuery({
    queryKey: analyticsKeys.range(brand, request),
    queryFn: ({ signal }) =>
      api.call('getAnalytics', {
        params: brand,
        query: { from: request.from, to: request.to, ...(request.platform ? { platform: request.platform } : {}) },
        signal,
        notify: false,
      }),
    placeholderData: keepPreviousData,
  });
