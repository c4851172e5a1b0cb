import {
  CONTENT_SETTINGS_DEFAULTS,
  contentSettings as contentSettingsSchema,
  INDUSTRY_SKILLS,
  SLATE_SHARE_FIELDS,
  slateShareTotal,
  type ContentSettings,
  type ProjectWithContent,
  type UpdateContentSettingsBody,
} from '#shared/schemas/content';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { BrandRef, ContentSettingsItem } from '#data/content';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { Clock } from '../clock';
import { hasPermission, toProjectWithCover, type SignDownload } from '../projects/project-rules';

export type ContentSettingsDeps = {
  clock: Clock;
  getProjectWithContent: (
    brand: BrandRef,
    userId: string,
  ) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem; settings?: ContentSettingsItem }>;
  putContentSettings: (settings: ContentSettingsItem, readVersion: number | undefined) => Promise<boolean>;
  signDownload: SignDownload;
  retryTiming?: RetryTiming;
};

/** Stored attribute ↔ API field, written once. */
const STORED = {
  industry: 'industry',
  team_skills: 'teamSkills',
  output: 'output',
  goal: 'goal',
  content_pillars: 'contentPillars',
  content_formats: 'contentFormats',
  other_preferences: 'otherPreferences',
  off_brand: 'offBrand',
  slate_review_day: 'slateReviewDay',
  slate_growth_content: 'slateGrowthContent',
  slate_trust_building_content: 'slateTrustBuildingContent',
  slate_sales_promotions_content: 'slateSalesPromotionsContent',
  brand_fit_min_score: 'brandFitMinScore',
} as const satisfies Record<keyof ContentSettings, keyof ContentSettingsItem>;
const FIELDS = Object.keys(STORED) as (keyof ContentSettings)[];

/**
 * The settings as answered: each stored field read back through the shared schema, the default where a brand never
 * saved it (or it no longer fits, e.g. written before a limit changed), so an old brand always reads complete.
 */
export const readSettings = (item: ContentSettingsItem | undefined): ContentSettings => {
  const settings: Record<string, unknown> = { ...CONTENT_SETTINGS_DEFAULTS };
  if (!item) return settings as ContentSettings;
  for (const field of FIELDS) {
    const stored = (item as Record<string, unknown>)[STORED[field]];
    if (stored === undefined) continue;
    const one = contentSettingsSchema.shape[field].safeParse(stored);
    if (one.success) settings[field] = one.data;
  }
  return settings as ContentSettings;
};

/** The settings as stored: every field (an absent optional as absent), the version after this write. */
const storedOf = (brand: BrandRef, settings: ContentSettings, version: number, updatedAt: string): ContentSettingsItem => {
  const item: Record<string, unknown> = { ...brand, version, updatedAt };
  for (const field of FIELDS) if (settings[field] !== null) item[STORED[field]] = settings[field];
  return item as ContentSettingsItem;
};

/**
 * The rules that span fields, checked on the settings as they will be after the save (the body over what is stored),
 * each a 400 naming the field the body sent: the three slate shares together at most 100; team skills only of the
 * brand's industry (none without one).
 */
export const checkSettings = (next: ContentSettings, body: UpdateContentSettingsBody): void => {
  const total = slateShareTotal(next);
  if (total > 100) {
    const field = SLATE_SHARE_FIELDS.find((name) => body[name] !== undefined) ?? SLATE_SHARE_FIELDS[0];
    throw new ValidationError(field, `${field}: the three slate shares together must be at most 100 percent (they would be ${total})`);
  }
  const allowed: readonly string[] = next.industry ? INDUSTRY_SKILLS[next.industry] : [];
  const wrong = next.team_skills.findIndex((skill) => !allowed.includes(skill));
  if (wrong >= 0) {
    const field = `team_skills.${wrong}`;
    throw new ValidationError(
      field,
      next.industry ? `${field} must be one of the skills of ${next.industry}: ${allowed.join(', ')}` : `${field}: choose an industry before its team skills`,
    );
  }
  const duplicate = next.team_skills.findIndex((skill, index) => next.team_skills.indexOf(skill) !== index);
  if (duplicate >= 0) throw new ValidationError(`team_skills.${duplicate}`, `team_skills.${duplicate} is listed twice`);
};

/** The settings after a save: the body's fields over the current ones. A new industry keeps only its own skills. */
export const mergeSettings = (current: ContentSettings, body: UpdateContentSettingsBody): ContentSettings => {
  const next = { ...current } as Record<string, unknown>;
  for (const field of FIELDS) if (body[field] !== undefined) next[field] = body[field];
  const merged = next as ContentSettings;
  if (body.industry !== undefined && body.team_skills === undefined) {
    const allowed: readonly string[] = merged.industry ? INDUSTRY_SKILLS[merged.industry] : [];
    merged.team_skills = merged.team_skills.filter((skill) => allowed.includes(skill));
  }
  return merged;
};

const answer = async (deps: Pick<ContentSettingsDeps, 'signDownload'>, ctx: WorkspaceContext, project: ProjectItem, member: ProjectMemberItem | undefined, settings: ContentSettings): Promise<ProjectWithContent> => ({
  ...(await toProjectWithCover(deps.signDownload, project, hasPermission(ctx, member))),
  ...settings,
});

/** GET /workspaces/{workspaceId}/projects/{projectId}: the project with its content settings (defaults filled in). */
export const getProjectContent = async (deps: Pick<ContentSettingsDeps, 'getProjectWithContent' | 'signDownload'>, ctx: WorkspaceContext, projectId: string): Promise<ProjectWithContent> => {
  const { project, member, settings } = await deps.getProjectWithContent({ workspaceId: ctx.workspaceId, projectId }, ctx.userId);
  if (!project) throw new DomainError('project_not_found');
  return answer(deps, ctx, project, member, readSettings(settings));
};

/**
 * PUT /workspaces/{workspaceId}/projects/{projectId}: saves the settings the body names (one settings page's group)
 * over the stored ones, after the cross-field rules; written whole and only if nobody saved meanwhile (else read
 * again and re-check), so a rule spanning fields holds even when two pages save at once.
 */
export const updateContentSettings = async (deps: ContentSettingsDeps, ctx: WorkspaceContext, projectId: string, body: UpdateContentSettingsBody): Promise<ProjectWithContent> =>
  retry(
    async () => {
      const brand = { workspaceId: ctx.workspaceId, projectId };
      const { project, member, settings } = await deps.getProjectWithContent(brand, ctx.userId);
      if (!project) throw new DomainError('project_not_found');
      const next = mergeSettings(readSettings(settings), body);
      checkSettings(next, body);
      const written = await deps.putContentSettings(storedOf(brand, next, (settings?.version ?? 0) + 1, deps.clock().toISOString()), settings?.version);
      return written ? answer(deps, ctx, project, member, next) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
