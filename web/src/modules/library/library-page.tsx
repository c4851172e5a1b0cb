import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Post } from '#shared/schemas/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../../app/breadcrumbs';
import { useDebounced } from '../../ui/use-debounced';
import { usePageTitle } from '../../ui/use-page-title';
import { ProjectGate } from '../project-users/components/project-gate';
import { useProject, type Project } from '../projects/project-store';
import { AddPostModal } from './components/add-post-modal';
import { ImportList } from './components/import-list';
import { ImportModal } from './components/import-modal';
import { LoadMore, PostsEmpty } from './components/post-list-parts';
import { PostCards } from './components/post-cards';
import { RawPostModal } from './components/raw-post-modal';
import { TagsModal } from './components/tags-modal';
import { usePosts, type BrandRef } from './library-api';

const Library = ({ project, workspaceId }: { project: Project; workspaceId: string }) => {
  const { t } = useTranslation();
  const brand: BrandRef = useMemo(() => ({ workspaceId, projectId: project.uid }), [workspaceId, project.uid]);
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string>();
  const q = useDebounced(search.trim(), 300);
  const filters = useMemo(() => ({ q: q || undefined, tag }), [q, tag]);
  const posts = usePosts(brand, filters);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.items) ?? [], [posts.data]);
  // The tags of the posts loaded so far: the filter's and the tag editor's choices (the chosen one stays listed).
  const vocabulary = useMemo(() => [...new Set([...items.flatMap((post) => post.tags), ...(tag ? [tag] : [])])].sort(), [items, tag]);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [raw, setRaw] = useState<Post>();
  const [tagging, setTagging] = useState<Post>();
  const filtered = !!(q || tag);

  const allTags: SelectProps.Option = { value: '', label: t('library.filters.allTags') };
  const tagOptions: SelectProps.Option[] = [allTags, ...vocabulary.map((value) => ({ value, label: value }))];

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
          filter={
            <SpaceBetween direction="horizontal" size="xs">
              <TextFilter
                filteringText={search}
                filteringPlaceholder={t('library.search.placeholder')}
                filteringAriaLabel={t('library.search.label')}
                onChange={({ detail }) => setSearch(detail.filteringText)}
              />
              <Select
                selectedOption={tagOptions.find((option) => option.value === (tag ?? '')) ?? allTags}
                options={tagOptions}
                ariaLabel={t('library.filters.tag')}
                onChange={({ detail }) => setTag(detail.selectedOption.value || undefined)}
              />
            </SpaceBetween>
          }
          empty={<PostsEmpty query={posts} filtered={filtered} onClear={() => (setSearch(''), setTag(undefined))} />}
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

