import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FINISHED_IMPORT_STATUSES, type Import } from '#shared/schemas/imports';
import type { Post, PostPage } from '#shared/schemas/posts';
import { api } from '../../api/client';
import { putFile } from '../comments/upload-files';

/** The brand whose posts and imports are read: its workspace and project. */
export type BrandRef = { workspaceId: string; projectId: string };

/** The list filters as the query string carries them (platforms joined by ','). */
export type PostFilters = { q?: string; tag?: string; platform?: string; from?: string; to?: string };

export const libraryKeys = {
  posts: (brand: BrandRef) => ['posts', brand.workspaceId, brand.projectId] as const,
  postList: (brand: BrandRef, filters: PostFilters) => [...libraryKeys.posts(brand), 'list', filters] as const,
  raw: (brand: BrandRef, postId: string) => [...libraryKeys.posts(brand), 'raw', postId] as const,
  imports: (brand: BrandRef) => ['imports', brand.workspaceId, brand.projectId] as const,
};

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1500;

/** The brand's posts, newest first, a page at a time ("Load more" asks for the next cursor). */
export const usePosts = (brand: BrandRef, filters: PostFilters, pageSize = 24) =>
  useInfiniteQuery({
    queryKey: libraryKeys.postList(brand, filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<PostPage> =>
      api.call('listPosts', {
        params: brand,
        query: { ...filters, limit: String(pageSize), cursor: pageParam },
        signal,
        notify: false,
      }),
    getNextPageParam: (page) => page.cursor,
  });

/** What the site returned for a post, read only when asked for. */
export const useRawPost = (brand: BrandRef, postId: string | undefined) =>
  useQuery({
    queryKey: libraryKeys.raw(brand, postId ?? ''),
    queryFn: ({ signal }) => api.call('getPostRaw', { params: { ...brand, postId: postId! }, signal, notify: false }),
    enabled: !!postId,
  });

/** A changed or added post: every loaded list of the brand reads again (its order and filters place it). */
const postsChanged = (queryClient: ReturnType<typeof useQueryClient>, brand: BrandRef) =>
  void queryClient.invalidateQueries({ queryKey: libraryKeys.posts(brand) });

export const useUpdatePostTags = (brand: BrandRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, tags }: { postId: string; tags: string[] }) =>
      api.call('updatePost', { params: { ...brand, postId }, body: { tags }, notify: false }),
    onSuccess: () => postsChanged(queryClient, brand),
  });
};

export const useAddPost = (brand: BrandRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string): Promise<Post> => api.call('createPost', { params: brand, body: { url }, notify: false }),
    onSuccess: () => postsChanged(queryClient, brand),
  });
};

export const isImportRunning = (item: Pick<Import, 'status'>) => !FINISHED_IMPORT_STATUSES.includes(item.status);

/**
 * The brand's imports, newest first: the page shows the running ones after a reload or on another device, so the
 * list itself is what is polled while any of them runs. When one finishes, the library reads its new posts.
 */
export const useImports = (brand: BrandRef) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: libraryKeys.imports(brand),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<{ items: Import[] }>(libraryKeys.imports(brand));
      const answer = await api.call('listImports', { params: brand, signal, notify: false });
      const progressed = answer.items.some((item) => {
        const previous = before?.items.find((old) => old.uid === item.uid);
        return previous && (previous.imported !== item.imported || previous.status !== item.status);
      });
      if (progressed) postsChanged(queryClient, brand);
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.items.some(isImportRunning) ? IMPORT_POLL_MS : false),
  });
};

/** Upload the checked file to storage (presigned PUT), then start its import job. */
export const useStartImport = (brand: BrandRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, createTasks }: { file: File; createTasks: boolean }) => {
      const upload = await api.call('createImportUpload', { params: brand, body: { filename: file.name, size: file.size }, notify: false });
      await putFile({ url: upload.upload_url, headers: upload.headers }, file, file.name);
      return api.call('createImport', { params: brand, body: { upload_key: upload.upload_key, create_tasks: createTasks }, notify: false });
    },
    onSuccess: (started) =>
      queryClient.setQueryData<{ items: Import[] }>(libraryKeys.imports(brand), (list) => ({
        items: [started, ...(list?.items ?? []).filter((item) => item.uid !== started.uid)],
      })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: libraryKeys.imports(brand) }),
  });
};

export const useCancelImport = (brand: BrandRef) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => api.call('cancelImport', { params: { ...brand, importId } }),
    onSuccess: (cancelled) =>
      queryClient.setQueryData<{ items: Import[] }>(libraryKeys.imports(brand), (list) =>
        list ? { items: list.items.map((item) => (item.uid === cancelled.uid ? cancelled : item)) } : list,
      ),
  });
};

/** The failed rows of an import as the CSV text the route answers. */
export const fetchImportFailures = (brand: BrandRef, importId: string) => api.call('importFailures', { params: { ...brand, importId } });
