import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Post } from '#shared/schemas/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../../app/breadcrumbs';
import { usePageTitle } from '../../ui/use-page-title';
import { ProjectGate } from '../project-users/components/project-gate';
import { useProject, type Project } from '../projects/project-store';
import { AddPostModal } from './components/add-post-modal';
import { ImportList } from './components/import-list';
import { ImportModal } from './components/import-modal';
import { LoadMore, PostsEmpty } from './components/post-list-parts';
import { PostCards } from './components/post-cards';
import { PostFilters, usePostFilters } from './components/post-filters';
import { RawPostModal } from './components/raw-post-modal';
import { TagsModal } from './components/tags-modal';
import { usePosts, type BrandRef } from './library-api';

const Library = ({ project, workspaceId }: { project: Project; workspaceId: string }) => {
  const { t } = useTranslation();
  const brand: BrandRef = useMemo(() => ({ workspaceId, projectId: project.uid }), [workspaceId, project.uid]);
  const filters = usePostFilters();
  const tag = filters.values.tag;
  const posts = usePosts(brand, filters.query);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.items) ?? [], [posts.data]);
  // The tags of the posts loaded so far: the filter's and the tag editor's choices (the chosen one stays listed).
  const vocabulary = useMemo(() => [...new Set([...items.flatMap((post) => post.tags), ...(tag ? [tag] : [])])].sort(), [items, tag]);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [raw, setRaw] = useState<Post>();
  const [tagging, setTagging] = useState<Post>();

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('library.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setAdding(true)}>{t('library.add.button')}</Button>
              <Button variant="primary" iconName="upload" onClick={() => setImporting(true)}>
                {t('library.import.button')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('library.title', { name: project.name })}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ImportList brand={brand} />
        <PostCards
          posts={items}
          workspaceId={workspaceId}
          projectSlug={project.slug}
          loading={posts.isPending}
          ariaLabel={t('library.postsLabel', { name: project.name })}
          header={<Header variant="h2">{t('library.postsHeader')}</Header>}
          filter={<PostFilters kinds={['search', 'tag']} state={filters} tags={vocabulary} />}
          empty={<PostsEmpty query={posts} filtered={filters.filtered} onClear={filters.clear} />}
          footer={<LoadMore query={posts} />}
          onRawData={setRaw}
          onEditTags={setTagging}
        />
      </SpaceBetween>
      <ImportModal brand={brand} visible={importing} onClose={() => setImporting(false)} />
      <AddPostModal brand={brand} visible={adding} onClose={() => setAdding(false)} />
      <RawPostModal brand={brand} post={raw} onClose={() => setRaw(undefined)} />
      <TagsModal brand={brand} post={tagging} vocabulary={vocabulary} onClose={() => setTagging(undefined)} />
    </ContentLayout>
  );
};

/** /project/{slug}/library: the brand's saved posts (reference content and images), its CSV imports, tags and search. */
export const LibraryPage = () => {
  const { t } = useTranslation();
  const { projectSlug } = useParams();
  const project = useProject(projectSlug);
  usePageTitle(project ? t('library.title', { name: project.name }) : undefined);
  usePageBreadcrumbs(project ? [brandCrumb(project), { text: t('library.breadcrumbs.library'), href: `/project/${encodeURIComponent(project.slug)}/library` }] : []);
  return <ProjectGate>{(gated, workspaceId) => <Library key={gated.uid} project={gated} workspaceId={workspaceId} />}</ProjectGate>;
};

