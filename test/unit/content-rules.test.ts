import { describe, expect, it } from 'vitest';
import { CONTENT_SETTINGS_DEFAULTS, INDUSTRIES, INDUSTRY_SKILLS, updateContentSettingsBody, updateBrandVoiceBody } from '#shared/schemas/content';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { ContentSettingsItem } from '#data/content';
import type { ProjectItem } from '#data/projects';
import { checkSettings, mergeSettings, readSettings, updateContentSettings, type ContentSettingsDeps } from '#core/content/settings';
import { storedFieldsOf, toContentItem } from '#core/content/items';

const ctx: WorkspaceContext = { workspaceId: 'W', userId: 'U', email: 'u@example.com', role: 'member' };
const at = new Date('2026-11-24T10:00:00.000Z');
const project: ProjectItem = { workspaceId: 'W', projectId: 'P', name: 'Oat', slug: 'oat', phase: 'active', ownerId: 'U', createdAt: at.toISOString() };

describe('content settings', () => {
  it('reads the defaults for a brand that never saved, and a stored field that no longer fits as its default', () => {
    expect(readSettings(undefined)).toEqual(CONTENT_SETTINGS_DEFAULTS);
    const old = { workspaceId: 'W', projectId: 'P', version: 3, slateReviewDay: 'Funday', slateGrowthContent: 30, industry: 'Media' } as ContentSettingsItem;
    expect(readSettings(old)).toEqual({ ...CONTENT_SETTINGS_DEFAULTS, slate_growth_content: 30, industry: 'Media' });
  });

  it('lists the spec’s 26 industries with five skills each, Other four, Content Creator its seven', () => {
    expect(INDUSTRIES).toHaveLength(26);
    expect(new Set(INDUSTRIES).size).toBe(26);
    for (const industry of INDUSTRIES) {
      const expected = industry === 'Other' ? 4 : industry === 'Content Creator' ? 7 : 5;
      expect(INDUSTRY_SKILLS[industry], industry).toHaveLength(expected);
      expect(new Set(INDUSTRY_SKILLS[industry]).size, industry).toBe(expected);
    }
  });

  it('merges a page’s group over the stored settings; a new industry keeps only its own skills', () => {
    const current = { ...CONTENT_SETTINGS_DEFAULTS, industry: 'Media' as const, team_skills: ['Editor', 'Presenter'], slate_growth_content: 20 };
    expect(mergeSettings(current, { slate_review_day: 'Monday' })).toMatchObject({ industry: 'Media', team_skills: ['Editor', 'Presenter'], slate_review_day: 'Monday', slate_growth_content: 20 });
    expect(mergeSettings(current, { industry: 'Content Creator' }).team_skills).toEqual(['Editor']);
    expect(mergeSettings(current, { industry: null }).team_skills).toEqual([]);
  });

  it('refuses shares over 100 together naming a share the body sent, and skills outside the industry', () => {
    const base = { ...CONTENT_SETTINGS_DEFAULTS, slate_growth_content: 60, slate_trust_building_content: 40 };
    expect(() => checkSettings({ ...base, slate_sales_promotions_content: 1 }, { slate_sales_promotions_content: 1 })).toThrow(
      expect.objectContaining({ field: 'slate_sales_promotions_content' }),
    );
    expect(() => checkSettings(base, {})).not.toThrow();
    expect(() => checkSettings({ ...base, industry: 'Media', team_skills: ['Editor', 'Baker'] }, {})).toThrow(expect.objectContaining({ field: 'team_skills.1' }));
    expect(() => checkSettings({ ...base, team_skills: ['Writer'] }, {})).toThrow(ValidationError);
    expect(() => checkSettings({ ...base, industry: 'Media', team_skills: ['Editor', 'Editor'] }, {})).toThrow(expect.objectContaining({ field: 'team_skills.1' }));
  });

  it('saves whole and only over the version read: a save that lost the race reads again and re-checks', async () => {
    let stored: ContentSettingsItem | undefined;
    const writes: (number | undefined)[] = [];
    let raced = false;
    const deps: ContentSettingsDeps = {
      clock: () => at,
      signDownload: async () => 'signed',
      getProjectWithContent: async () => ({ project, settings: stored }),
      putContentSettings: async (item, readVersion) => {
        writes.push(readVersion);
        if (!raced) {
          // Another page saved meanwhile: growth 70 is now stored.
          raced = true;
          stored = { workspaceId: 'W', projectId: 'P', version: 1, slateGrowthContent: 70 } as ContentSettingsItem;
          return false;
        }
        stored = item;
        return true;
      },
      retryTiming: { sleep: async () => undefined },
    };
    await expect(updateContentSettings(deps, ctx, 'P', { slate_trust_building_content: 40 })).rejects.toThrow(expect.objectContaining({ field: 'slate_trust_building_content' }));
    expect(writes).toEqual([undefined]);
    const saved = await updateContentSettings(deps, ctx, 'P', { slate_trust_building_content: 30 });
    expect(saved).toMatchObject({ uid: 'P', slate_growth_content: 70, slate_trust_building_content: 30 });
    expect(stored).toMatchObject({ version: 2, slateGrowthContent: 70, slateTrustBuildingContent: 30 });
    await expect(updateContentSettings({ ...deps, getProjectWithContent: async () => ({}) }, ctx, 'P', {})).rejects.toThrow(DomainError);
  });

  it('takes any subset of the settings, and refuses a weekday that is not one', () => {
    expect(updateContentSettingsBody.parse({})).toEqual({});
    expect(updateContentSettingsBody.safeParse({ slate_review_day: 'friday' }).success).toBe(false);
  });
});

describe('content items', () => {
  it('a partial update changes only what it names (no defaults fill the rest)', () => {
    const body = updateBrandVoiceBody.parse({ name: 'Bold', uid: 'x', is_default: true });
    expect(body).toEqual({ name: 'Bold' });
    expect(storedFieldsOf(body)).toEqual({ name: 'Bold' });
    expect(storedFieldsOf({ description: '', traits: [], source: null })).toEqual({ description: null, traits: null, source: null });
  });

  it('answers each kind with its own fields and empty values for absent ones', () => {
    const item = { workspaceId: 'W', projectId: 'P', kind: 'brand-voices' as const, uid: 'V', name: 'Warm', isDefault: true, createdAt: 'c', updatedAt: 'u' };
    expect(toContentItem('brand-voices', item)).toEqual({ uid: 'V', name: 'Warm', description: '', traits: [], example_posts: [], source: null, is_default: true, created_at: 'c', updated_at: 'u' });
    expect(toContentItem('influences', { ...item, kind: 'influences' })).toEqual({ uid: 'V', name: 'Warm', url: null, created_at: 'c', updated_at: 'u' });
  });
});
