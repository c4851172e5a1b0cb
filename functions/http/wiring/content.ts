import { systemClock as clock } from '#core/clock';
import type { ContentItemDeps } from '#core/content/items';
import type { ContentSettingsDeps } from '#core/content/settings';
import type { FeedbackDeps } from '#core/content/feedback';
import {
  createContentItem,
  deleteContentItem,
  getContentHead,
  getContentItemAndHead,
  getProjectWithContent,
  listBrandFeedback,
  listContentItems,
  listFieldFeedback,
  putContentSettings,
  putFeedback,
  setDefaultContentItem,
  updateContentItem,
} from '#data/content';
import { signDownload } from '#lib/uploads';

/** The content store's core rules on the table: what every content handler passes. */
export const contentItemDeps: ContentItemDeps = {
  clock,
  listContentItems,
  getContentHead,
  getContentItemAndHead,
  createContentItem,
  updateContentItem,
  deleteContentItem,
  setDefaultContentItem,
};

export const feedbackDeps: FeedbackDeps = { clock, putFeedback, listFieldFeedback, listBrandFeedback };

export const contentSettingsDeps: ContentSettingsDeps = { clock, getProjectWithContent, putContentSettings, signDownload };
