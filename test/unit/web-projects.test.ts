import { describe, expect, it } from 'vitest';
import type { Project } from '#shared/schemas/project';
import { findProject } from '../../web/src/modules/projects/project-store';

const project = (uid: string, slug: string): Project => ({
  uid,
  name: slug,
  slug,
  shopify_site: null,
  cover_url: null,
  has_permission: true,
  integrations: [],
  owner: 'user-1',
  phase: 'active',
  created_at: '2026-11-21T10:00:00.000Z',
});

describe('findProject (spec 3: a project is resolved locally)', () => {
  const projects = [project('p-1', 'acme'), project('p-2', 'p-1-shop')];

  it('finds a project by uid or by slug', () => {
    expect(findProject(projects, 'p-2')?.slug).toBe('p-1-shop');
    expect(findProject(projects, 'acme')?.uid).toBe('p-1');
  });

  it('prefers the uid when a slug looks like another uid, and answers undefined for nothing', () => {
    expect(findProject(projects, 'p-1')?.slug).toBe('acme');
    expect(findProject(projects, 'missing')).toBeUndefined();
    expect(findProject(projects, undefined)).toBeUndefined();
  });
});
