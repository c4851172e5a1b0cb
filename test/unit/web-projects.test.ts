import { describe, expect, it } from 'vitest';
import { slugify as serverSlugify } from '#core/projects/slugify';
import type { Project } from '#shared/schemas/project';
import { findProject } from '../../web/src/modules/projects/project-store';
import { slugify } from '../../web/src/modules/projects/slugify';

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

describe('slugify (the address prefilled from a brand name)', () => {
  it('lowers the case, drops accents, turns & into -and- and spaces into hyphens', () => {
    expect(slugify('Café & Co')).toBe('cafe-and-co');
    expect(slugify('  Ünïcode   Brand  ')).toBe('unicode-brand');
    expect(slugify('Tom&Jerry')).toBe('tom-and-jerry');
  });

  it('drops other symbols and never repeats, starts or ends with a hyphen', () => {
    expect(slugify('-- Hello, World! --')).toBe('hello-world');
    expect(slugify('!!!')).toBe('');
  });

  it('answers what the server derives for the same name', () => {
    for (const name of ['Café & Co', 'Brand — 2026', 'Ça va?', 'A'.repeat(100), 'x '.repeat(50)]) {
      expect(slugify(name)).toBe(serverSlugify(name));
    }
  });
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
