import type { AccessPattern } from './access-patterns';

/** The table reads and writes of saved task views (a person's, per workspace, in one partition). */
export const viewPatterns: readonly AccessPattern[] = [
  {
    name: 'savedViewsOfUser',
    description: "A person's saved views in a workspace: one Query of their partition (the list; the limit and name checks of a save)",
    index: 'primary',
    operation: 'Query',
    routes: ['list-saved-views', 'create-saved-view', 'update-saved-view'],
    example: (db) => db.entities.savedView.query.primary({ workspaceId: 'W', userId: 'U' }).params(),
  },
  {
    name: 'savedViewWrite',
    description: 'Create, change or delete one view by workspace, person and view id (a change or delete only of a view that exists)',
    index: 'primary',
    operation: 'PutItem',
    routes: ['create-saved-view', 'update-saved-view', 'delete-saved-view'],
    example: (db) =>
      db.entities.savedView.create({ workspaceId: 'W', userId: 'U', viewId: 'V', name: 'N', filter: '{}', createdAt: 'C', updatedAt: 'C' }).params(),
  },
];
