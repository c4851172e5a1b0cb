import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { SOCIAL_PLATFORMS, type Post, type SocialPlatform } from '#shared/schemas/posts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../../app/breadcrumbs';
import { usePageTitle } from '../../ui/use-page-title';
import { ProjectGate } from '../project-users/components/project-gate';
import { useProject, type Project } from '../projects/project-store';
import { LoadMore, PostsEmpty } from './components/post-list-parts';
import { PostCards } from './components/post-cards';
import { RawPostModal } from './components/raw-post-modal';
import { usePosts, type BrandRef } from './library-api';

/** The date pickers answer 'YYYY-MM-DD' (or '' when cleared), the day form the list route takes. */
const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

const Feed = ({ project, workspaceId }: { project: Project; workspaceId: string }) => {
  const { t } = useTranslation();
  const brand: BrandRef = useMemo(() => ({ workspaceId, projectId: project.uid }), [workspaceId, project.uid]);
  const [platform, setPlatform] = useState<SocialPlatform>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // A range the wrong way round would match nothing: it is said beside the pickers and not sent.
  const rangeProblem = !!(day(from) && day(to) && from > to);
  const filters = useMemo(() => ({ platform, from: day(from), to: rangeProblem ? undefined : day(to) }), [platform, from, to, rangeProblem]);
  const posts = usePosts(brand, filters);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.items) ?? [], [posts.data]);
  const [raw, setRaw] = useState<Post>();

  const allPlatforms: SelectProps.Option = { value: '', label: t('library.filters.allPlatforms') };
  const platformOptions: SelectProps.Option[] = [allPlatforms, ...SOCIAL_PLATFORMS.map((value) => ({ value, label: t(`library.platforms.${value}`) }))];

  return (
    <ContentLayout header={<Header variant="h1" description={t('library.feedDescription')}>{t('library.feedTitle', { name: project.name })}</Header>}>
      <PostCards
        posts={items}
        workspaceId={workspaceId}
        projectSlug={project.slug}
        loading={posts.isPending}
        ariaLabel={t('library.postsLabel', { name: project.name })}
        header={<Header variant="h2">{t('library.postsHeader')}</Header>}
        filter={
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={t('library.filters.platform')}>
              <Select
                selectedOption={platformOptions.find((option) => option.value === (platform ?? '')) ?? allPlatforms}
                options={platformOptions}
                onChange={({ detail }) => setPlatform((detail.selectedOption.value || undefined) as SocialPlatform | undefined)}
              />
            </FormField>
            <FormField label={t('library.filters.from')}>
              <DatePicker
                value={from}
                placeholder={t('library.filters.datePlaceholder')}
                openCalendarAriaLabel={(selected) => (selected ? `${t('library.filters.from')}: ${selected}` : t('library.filters.from'))}
                isDateEnabled={(date) => !to || !day(to) || date <= new Date(`${to}T23:59:59`)}
                onChange={({ detail }) => setFrom(detail.value)}
              />
            </FormField>
            <FormField label={t('library.filters.to')} errorText={rangeProblem ? t('library.filters.range') : undefined}>
              <DatePicker
                value={to}
                placeholder={t('library.filters.datePlaceholder')}
                openCalendarAriaLabel={(selected) => (selected ? `${t('library.filters.to')}: ${selected}` : t('library.filters.to'))}
                isDateEnabled={(date) => !from || !day(from) || date >= new Date(`${from}T00:00:00`)}
                onChange={({ detail }) => setTo(detail.value)}
              />
            </FormField>
          </SpaceBetween>
        }
        empty={
          <PostsEmpty
            query={posts}
            filtered={!!(platform || from || to)}
            onClear={() => {
              setPlatform(undefined);
              setFrom('');
              setTo('');
            }}
          />
        }
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
