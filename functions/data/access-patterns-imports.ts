import type { AccessPattern } from './access-patterns';

/** The table reads and writes of bulk imports (issue 12): the import job, its rows' outcomes. */
export const importPatterns: readonly AccessPattern[] = [
  {
    name: 'importBrand',
    description: "The brand an import names, in the caller's workspace (a workspace admin passes the project gate without a read; another workspace's brand is project_not_found)",
    index: 'primary',
    operation: 'GetItem',
    routes: ['create-import-upload', 'create-import', 'list-imports'],
    example: (db) => db.entities.project.get({ workspaceId: 'W', projectId: 'P' }).params(),
  },
  {
    name: 'importJobById',
    description: 'An import by workspace, brand and id (its progress poll, cancel, the worker)',
    index: 'primary',
    operation: 'GetItem',
    routes: ['get-import', 'cancel-import', 'import-failures'],
    example: (db) => db.entities.importJob.get({ workspaceId: 'W', projectId: 'P', importId: 'I' }).params(),
  },
  {
    name: 'importJobsOfProject',
    description: "A brand's imports, newest first (import ids are time-ordered)",
    index: 'primary',
    operation: 'Query',
    routes: ['list-imports'],
    example: (db) => db.entities.importJob.query.primary({ workspaceId: 'W', projectId: 'P' }).params({ order: 'desc' }),
  },
  {
    name: 'importJobWrite',
    description: 'Create an import; move it between statuses (each conditional on the status); set its total once',
    index: 'primary',
    operation: 'UpdateItem',
    routes: ['create-import', 'cancel-import'],
    example: (db) => db.entities.importJob.patch({ workspaceId: 'W', projectId: 'P', importId: 'I' }).set({ status: 'cancelled' }).params(),
  },
  {
    name: 'importRowById',
    description: 'The row that claimed a post of the import (a second row of the same URL finds the first)',
    index: 'primary',
    operation: 'GetItem',
    routes: [],
    example: (db) => db.entities.importRow.get({ workspaceId: 'W', importId: 'I', row: '000000001' }).params(),
  },
  {
    name: 'importRowRecord',
    description: "Rows' outcomes (ten at a time) each created once, with the import's counters added once, in one transaction (only while the import runs)",
    index: 'primary',
    operation: 'TransactWriteItems',
    routes: [],
    example: (db) => db.entities.importRow.create({ workspaceId: 'W', importId: 'I', row: '000000001', outcome: 'imported', url: 'https://x' }).params(),
  },
  {
    name: 'importRowsOfImport',
    description: "An import's failed rows in file order (the failures CSV); a chunk's rows that have an outcome (a redelivered chunk skips them)",
    index: 'primary',
    operation: 'Query',
    routes: ['import-failures'],
    example: (db) => db.entities.importRow.query.primary({ workspaceId: 'W', importId: 'I' }).params(),
  },
];
