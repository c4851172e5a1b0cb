import type { AccessPattern } from './access-patterns';

/** A brand's posts (issue 12): the post, its URL claim and its raw data, all in the brand's partition. */
export const postPatterns: readonly AccessPattern[] = [
  {
    name: 'postBrand',
    description: 'The brand of a list or an add is one of the workspace\'s (a workspace admin passes the project role check without reading it)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['list-posts', 'create-post'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'postsFeed',
    description: "The brand's posts newest first: one Query of the partition's post ids read backwards (ids lead with the feed time, so a day range and the cursor are sort-key bounds); filters read on, a page at most 1000 posts",
    index: 'primary',
    operation: 'Query',
    routes: ['list-posts'],
    example: (db) => db.entities.post.query.primary({ workspaceId: 'W', projectId: 'P' }).lt({ postId: 'C' }).params({ order: 'desc' }),
  },
  {
    name: 'postById',
    description: 'One post of the brand (before a delete too)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-post', 'update-post', 'delete-post', 'create-post'],
    example: (db) => db.entities.post.get({ workspaceId: 'W', projectId: 'P', postId: 'I' }).params(),
  },
  {
    name: 'postRawById',
    description: "A post's raw data",
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-post-raw'],
    example: (db) => db.entities.postRaw.get({ workspaceId: 'W', projectId: 'P', postId: 'I' }).params(),
  },
  {
    name: 'postByUrl',
    description: "Which post holds a URL of the brand (the claim by the normalized URL's hash): a duplicate found before fetching",
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-post'],
    example: (db) => db.entities.postUrl.get({ workspaceId: 'W', projectId: 'P', urlKey: 'H' }).params(),
  },
  {
    name: 'postCreate',
    description: 'The URL claim (attribute_not_exists: a second save of the URL writes nothing), the post and its raw data in one TransactWriteItems',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['create-post'],
    example: (db) => db.entities.postUrl.create({ workspaceId: 'W', projectId: 'P', urlKey: 'H', postId: 'I' }).params(),
  },
  {
    name: 'postTags',
    description: "Replace a post's tags, only if it exists",
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['update-post'],
    example: (db) => db.entities.post.patch({ workspaceId: 'W', projectId: 'P', postId: 'I' }).set({ tags: ['T'] }).params(),
  },
  {
    name: 'postDelete',
    description: 'The post, its URL claim and its raw data removed in one TransactWriteItems',
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: ['delete-post'],
    example: (db) => db.entities.post.delete({ workspaceId: 'W', projectId: 'P', postId: 'I' }).params(),
  },
];
