import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { Post } from '#shared/schemas/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../../app/breadcrumbs';
import { usePageTitle } from '../../ui/use-page-title';
import { ProjectGate } from '../project-users/components/project-gate';
import { useProject, type Project } from '../projects/project-store';
import { LoadMore, PostsEmpty } from './components/post-list-parts';
import { PostCards } from './components/post-cards';
import { PostFilters, usePostFilters } from './components/post-filters';
import { RawPostModal } from './components/raw-post-modal';
import { usePosts, type BrandRef } from './library-api';

const Feed = ({ project, workspaceId }: { project: Project; workspaceId: string }) => {
  const { t } = useTranslation();
  const brand: BrandRef = useMemo(() => ({ workspaceId, projectId: project.uid }), [workspaceId, project.uid]);
  const filters = usePostFilters();
  const posts = usePosts(brand, filters.query);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.items) ?? [], [posts.data]);
  const [raw, setRaw] = useState<Post>();

  return (
    <ContentLayout header={<Header variant="h1" description={t('library.feedDescription')}>{t('library.feedTitle', { name: project.name })}</Header>}>
      <PostCards
        posts={items}
        workspaceId={workspaceId}
        projectSlug={project.slug}
        loading={posts.isPending}
        ariaLabel={t('library.postsLabel', { name: project.name })}
        header={<Header variant="h2">{t('library.postsHeader')}</Header>}
        filter={<PostFilters kinds={['platform', 'days']} state={filters} />}
        empty={<PostsEmpty query={posts} filtered={filters.filtered} onClear={filters.clear} />}
        footer={<LoadMore query={posts} />}
        onRawData={setRaw}
      />
      <RawPostModal brand={brand} post={raw} onClose={() => setRaw(undefined)} />
    </ContentLayout>
  );
};

/** /project/{slug}/feed: the brand's posts over time, newest first, by platform and day, a page at a time. */
export const FeedPage = () => {
  const { t } = useTranslation();
  const { projectSlug } = useParams();
  const project = useProject(projectSlug);
  usePageTitle(project ? t('library.feedTitle', { name: project.name }) : undefined);
  usePageBreadcrumbs(project ? [brandCrumb(project), { text: t('library.breadcrumbs.feed'), href: `/project/${encodeURIComponent(project.slug)}/feed` }] : []);
  return <ProjectGate>{(gated, workspaceId) => <Feed key={gated.uid} project={gated} workspaceId={workspaceId} />}</ProjectGate>;
};
