import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { newId } from '#lib/ids';
import { dynamo } from '#lib/clients/dynamo';
import { createService, type DataService } from '#data/entities';
import { statusIndexAttributes, taskIndexAttributes } from '#data/task-entities';
import { reconcileWorkspaceDirectory } from '#data/project-directory';
import { newTaskItem } from '#core/tasks/task-fields';
import { DEFAULT_STATUS_FILTER, POST_PLATFORMS, TASK_PAGE_SIZE, TASK_STATUSES, type TaskStatus, type TaskType } from '#shared/schemas/task';
import type { Stack } from '../local/stack';
import { API_PREFIX, routeKeyOf, routes } from '#shared/routes';
import { listTasksQuery } from '#shared/schemas/task';
import { call, countRequests, describeRequests, ms, percentile, person, progress, randomSource, routeUrl, timeIt, type Person } from './bench-support';

/**
 * The task list at scale: 10,000 tasks in one workspace, the first page of each filter through the real API beside
 * the raw DynamoDB Query (or parallel Queries) a page of it needs at least, on the same DynamoDB Local. Items are
 * written straight to the table with BatchWriteItem, built by the ElectroDB entities so the keys are the real ones.
 */

// 100 keeps the whole bench within minutes on two cores; BENCH_LIST_REQUESTS=200 for steadier p99s.
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 100);
/**
 * BENCH_TASK_FILTERS=default,single: only the rows whose name contains one of these (all by default).
 * BENCH_TASK_BREAKDOWN=0 leaves out where the time of the default rows goes; BENCH_NO_DIRECTORY=1 benches a
 * workspace without the project directory (as before it).
 */
const ONLY = process.env.BENCH_TASK_FILTERS?.split(',').filter(Boolean);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const DAY_MS = 86_400_000;

/** Most tasks of a long-lived workspace are finished; a few hundred are open (the default filter). */
const STATUS_WEIGHTS: Record<TaskStatus, number> = {
  done: 4700,
  posted: 2500,
  published: 600,
  will_not_do: 400,
  approved: 300,
  draft: 250,
  rejected: 150,
  needs_approval: 150,
  in_review: 150,
  blocked: 100,
  todo: 350,
  in_progress: 250,
  paused: 100,
};
const TYPE_WEIGHTS: Record<TaskType, number> = { post: 55, task: 25, call_notes: 8, estimate: 7, reminder: 5 };
const BRANDS = ['Northwind Coffee', 'Lumen Skincare', 'Fjord Outdoor', 'Pico Kids', 'Atlas Fitness', 'Verde Kitchen', 'Nimbus Audio', 'Koa Surf', 'Saffron Spice', 'Orbit Bikes'];
const TAGS = Array.from({ length: 30 }, (_, i) => `tag-${String(i + 1).padStart(2, '0')}`);
const MILESTONES = ['Q1 launch', 'Spring drop', 'Summer campaign', 'Back to school', 'Holiday push'];
const HOOKS = ['3 mistakes', 'POV:', 'Behind the scenes', 'Unboxing', 'Day in the life', 'Before and after', 'Myth vs fact', 'Quick tip', 'Founder story', 'Customer review'];
const SUBJECTS = ['morning routine', 'new flavour', 'travel kit', 'gift guide', 'team intro', 'how it is made', 'giveaway', 'tutorial', 'restock', 'FAQ'];
/** The text filter looks for this word; it sits in about one summary in forty. */
const NEEDLE = 'espresso';
const ISO_DAY = (time: number) => new Date(time).toISOString().slice(0, 10);

/** owner: the workspace admin; member: a teammate who is not an admin, granted every brand. */
type Seeded = { owner: Person; member: Person; workspaceId: string; projectIds: string[]; people: string[] };

const chunks = <T>(items: readonly T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** BatchWriteItem in 25s, a few at a time, retrying what DynamoDB leaves unprocessed. */
export const batchWrite = async (doc: DynamoDBDocumentClient, table: string, items: readonly Record<string, unknown>[], onProgress?: (done: number) => void) => {
  let done = 0;
  const queue = chunks(items, 25);
  const worker = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      let requests: { PutRequest: { Item: Record<string, unknown> } }[] = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt > 10) throw new Error('BatchWriteItem kept leaving items unprocessed');
        const result = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
        if (requests.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
      done += batch.length;
      onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
};

/** The stored form of one task, built as the create route builds it, plus the index-only attributes. */
export const taskItem = (
  service: DataService,
  task: {
    workspaceId: string; taskId: string; number: number; projectId: string; summary: string; status: TaskStatus; ticketType: TaskType;
    createdBy: string; assignee?: string; tags?: string[]; milestone?: string; dueDate?: string; postPlatform?: (typeof POST_PLATFORMS)[number];
    createdAt: string; updatedAt: string;
  },
) => {
  const item = newTaskItem(
    {
      summary: task.summary,
      project_uid: task.projectId,
      ticket_type: task.ticketType,
      assignee: task.assignee ?? null,
      tags: task.tags,
      milestone: task.milestone ?? null,
      due_date: task.dueDate ?? null,
      post_platform: task.postPlatform ?? null,
    },
    { workspaceId: task.workspaceId, taskId: task.taskId, number: task.number, createdBy: task.createdBy, now: task.updatedAt, status: task.status },
  );
  return service.entities.task.put({ ...item, createdAt: task.createdAt, ...taskIndexAttributes(item), ...statusIndexAttributes(item) }).params().Item as Record<string, unknown>;
};

/** Workspace, brands (through the API), extra members with project access and 10,000 tasks (written directly). */
const seed = async (stack: Stack, doc: DynamoDBDocumentClient, service: DataService): Promise<Seeded> => {
  const table = stack.env.TABLE_NAME;
  const owner = await person(stack, `bench-tasks-${Date.now()}@example.com`);
  const { workspaces } = await call(stack, owner, 'createWorkspace', { body: { name: 'Bench tasks' } });
  const workspaceId = workspaces.uid;
  const projectIds: string[] = [];
  for (const name of BRANDS) projectIds.push((await call(stack, owner, 'createProject', { params: { workspaceId }, body: { name } })).uid);

  // Seven teammates beyond the owner: the trial's seats stop invites at five, so memberships are written directly.
  // The first can sign in (the member's view of the list); the others only appear on tasks.
  const member = await person(stack, `bench-member-${Date.now()}@example.com`);
  const teammates = [
    { userId: member.uid, email: member.email },
    ...Array.from({ length: 6 }, (_, i) => ({ userId: newId(), email: `teammate-${i + 2}@example.com` })),
  ];
  const memberships = teammates.flatMap(({ userId, email }) => [
    service.entities.user.put({ userId, email, name: `Teammate ${userId.slice(0, 4)}` }).params().Item,
    service.entities.member.put({ workspaceId, userId, email, role: 'member', status: 'joined' }).params().Item,
    ...projectIds.map((projectId) => service.entities.projectMember.put({ workspaceId, projectId, userId, role: 'member', status: 'granted', grantedBy: owner.uid }).params().Item),
  ]);
  await batchWrite(doc, table, memberships as Record<string, unknown>[]);
  // Grants written straight to the table bypass the project directory: the reconcile brings it in line, as it
  // does for a workspace made before the directory.
  if ((await reconcileWorkspaceDirectory(createService(dynamo(), table), workspaceId)) === 'unsettled') throw new Error('Project directory did not settle');
  // BENCH_NO_DIRECTORY=1: the workspace as one made before the directory (lists query the projects), for comparison.
  if (process.env.BENCH_NO_DIRECTORY === '1') {
    const { Key } = service.entities.workspace.get({ workspaceId }).params();
    await doc.send(new UpdateCommand({ TableName: table, Key, UpdateExpression: 'REMOVE projectDirectory, projectDirectoryVersion' }));
  }
  const people = [owner.uid, ...teammates.map((t) => t.userId)];

  const random = randomSource(20_260_101);
  const now = Date.now();
  const items: Record<string, unknown>[] = [];
  for (let number = 1; number <= TASKS; number++) {
    const updated = now - Math.floor(random.next() * 182 * DAY_MS);
    const created = updated - Math.floor(random.next() * 30 * DAY_MS);
    const ticketType = random.weighted(TYPE_WEIGHTS);
    const summary = `${random.pick(HOOKS)} ${random.next() < 0.025 ? NEEDLE : random.pick(SUBJECTS)} ${number}`;
    const tagCount = Math.floor(random.next() * 4);
    items.push(
      taskItem(service, {
        workspaceId,
        taskId: newId(),
        number,
        projectId: random.pick(projectIds),
        summary,
        status: random.weighted(STATUS_WEIGHTS),
        ticketType,
        createdBy: random.pick(people),
        assignee: random.next() < 0.85 ? random.pick(people) : undefined,
        tags: [...new Set(Array.from({ length: tagCount }, () => random.pick(TAGS)))],
        milestone: random.next() < 0.6 ? random.pick(MILESTONES) : undefined,
        // Due dates over three months around today: last month, this month, next month.
        dueDate: random.next() < 0.8 ? ISO_DAY(now + Math.floor((random.next() * 91 - 30) * DAY_MS)) : undefined,
        postPlatform: ticketType === 'post' ? random.pick(POST_PLATFORMS) : undefined,
        createdAt: new Date(created).toISOString(),
        updatedAt: new Date(updated).toISOString(),
      }),
    );
  }
  // The workspace's task counter and label vocabulary, so tasks created later number on and the pickers fill.
  const labels = [
    service.entities.taskCounter.put({ workspaceId, last: TASKS }).params().Item,
    ...projectIds.flatMap((projectId) => [
      ...TAGS.map((name) => service.entities.taskLabel.put({ workspaceId, kind: 'tag', projectId, name }).params().Item),
      ...MILESTONES.map((name) => service.entities.taskLabel.put({ workspaceId, kind: 'milestone', projectId, name }).params().Item),
    ]),
  ];
  let reported = 0;
  await batchWrite(doc, table, [...(labels as Record<string, unknown>[]), ...items], (done) => {
    if (done - reported >= 2000) progress(`  written ${(reported = done)} items`);
  });
  return { owner, member, workspaceId, projectIds, people };
};

type Filter = {
  name: string;
  query: Record<string, string>;
  /** Who asks (the owner, a workspace admin, unless said). */
  as?: 'member';
  /** The least DynamoDB work that yields (up to) this page: Queries sent in parallel. */
  raw: QueryCommandInput[];
};

/** A FilterExpression on item attributes (names from the entity, so what the data layer would filter on). */
type Condition = { expression: string; names: Record<string, string>; values: Record<string, unknown> };
const eq = (attribute: string, value: unknown): Condition => ({ expression: `#f = :f`, names: { '#f': attribute }, values: { ':f': value } });

const filters = (service: DataService, table: string, s: Seeded): Filter[] => {
  const task = service.entities.task;
  const { workspaceId } = s;
  const page = TASK_PAGE_SIZE;
  /** One Query per status on byStatus, newest update first, with an optional filter and key range. */
  const perStatus = (statuses: readonly TaskStatus[], condition?: Condition, updated?: { from: string; to: string }): QueryCommandInput[] =>
    statuses.map((status) => {
      const keyed = updated
        ? task.query.byStatus({ workspaceId, status }).between({ updatedAt: updated.from }, { updatedAt: updated.to }).params()
        : task.query.byStatus({ workspaceId, status }).params();
      return withCondition(keyed, condition, table, page);
    });
  /** One Query on byOpen (the open tasks, newest update first), with an optional filter and key range. */
  const openTasks = (condition?: Condition, updated?: { from: string; to: string }): QueryCommandInput[] => {
    const keys = task.query.byOpen({ workspaceId });
    const keyed = updated ? keys.between({ openUpdatedAt: updated.from }, { openUpdatedAt: updated.to }).params() : keys.params();
    return [withCondition(keyed, condition, table, page)];
  };
  const byProject = (projectId: string, statuses: readonly TaskStatus[]) =>
    statuses.map((status) => withCondition(task.query.byProjectStatus({ workspaceId, projectId, status }).params(), undefined, table, page));

  const today = new Date();
  const monthStart = ISO_DAY(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const monthEnd = ISO_DAY(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const updatedFrom = ISO_DAY(Date.now() - 30 * DAY_MS);
  const updatedTo = ISO_DAY(Date.now());
  // The list's ranges are half-open: from the first day's start up to the start of the day after the last.
  const dayAfter = (day: string) => ISO_DAY(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
  const statusIn = (statuses: readonly TaskStatus[]): Condition => ({
    expression: `#f IN (${statuses.map((_, i) => `:f${i}`).join(', ')})`,
    names: { '#f': 'status' },
    values: Object.fromEntries(statuses.map((status, i) => [`:f${i}`, status])),
  });
  const projectIn: Condition = {
    expression: `#p IN (${s.projectIds.map((_, i) => `:p${i}`).join(', ')})`,
    names: { '#p': 'projectId' },
    values: Object.fromEntries(s.projectIds.map((id, i) => [`:p${i}`, id])),
  };
  const tag = TAGS[4];
  const milestone = MILESTONES[1];
  const [assignee, , creator] = s.people;
  const brand = s.projectIds[2];
  const all = TASK_STATUSES;
  const open = DEFAULT_STATUS_FILTER;
  return [
    { name: 'default (todo, in_progress, paused)', query: {}, raw: openTasks() },
    { name: 'single status (todo)', query: { status: 'todo' }, raw: perStatus(['todo']) },
    { name: 'two open statuses (todo, paused)', query: { status: 'todo,paused' }, raw: perStatus(['todo', 'paused']) },
    { name: 'all 13 statuses', query: { status: all.join(',') }, raw: perStatus(all) },
    { name: 'projectFilter (one brand)', query: { projectFilter: brand }, raw: byProject(brand, open) },
    { name: 'tags (one tag)', query: { tags: tag }, raw: openTasks({ expression: 'contains(#f, :f)', names: { '#f': 'tags' }, values: { ':f': tag } }) },
    { name: 'milestones (one)', query: { milestones: milestone }, raw: openTasks(eq('milestone', milestone)) },
    { name: 'userFilter (assignee)', query: { userFilter: assignee }, raw: openTasks(eq('assignee', assignee)) },
    { name: 'userFilter=unassigned', query: { userFilter: 'unassigned' }, raw: openTasks({ expression: 'attribute_not_exists(#f)', names: { '#f': 'assignee' }, values: {} }) },
    { name: 'teamFilter (creator)', query: { teamFilter: creator }, raw: openTasks(eq('createdBy', creator)) },
    { name: 'ticket_type (estimate)', query: { ticket_type: 'estimate' }, raw: openTasks(eq('ticketType', 'estimate')) },
    { name: 'post_platform (tiktok)', query: { post_platform: 'tiktok' }, raw: openTasks(eq('postPlatform', 'tiktok')) },
    { name: `text filter ("${NEEDLE}")`, query: { filter: NEEDLE }, raw: openTasks({ expression: 'contains(#f, :f)', names: { '#f': 'searchText' }, values: { ':f': NEEDLE } }) },
    {
      name: 'updated range (last 30 days)',
      query: { updated_from: updatedFrom, updated_to: updatedTo },
      raw: openTasks(undefined, { from: `${updatedFrom}T00:00:00.000Z`, to: `${dayAfter(updatedTo)}T00:00:00.000Z` }),
    },
    {
      name: 'due range (this calendar month)',
      query: { due_from: monthStart, due_to: monthEnd },
      // One Query on the calendar index, earliest first, the statuses as the filter.
      raw: [withCondition(task.query.byDueDate({ workspaceId }).between({ calendarDay: monthStart }, { calendarDay: dayAfter(monthEnd) }).params(), statusIn(open), table, page, 'asc')],
    },
    { name: 'default, as a member granted all 10 brands', as: 'member', query: {}, raw: openTasks(projectIn) },
    { name: 'single status (todo), as that member', as: 'member', query: { status: 'todo' }, raw: perStatus(['todo'], projectIn) },
    { name: 'tags, all 13 statuses', query: { tags: tag, status: all.join(',') }, raw: perStatus(all, { expression: 'contains(#f, :f)', names: { '#f': 'tags' }, values: { ':f': tag } }) },
    { name: 'text, all 13 statuses', query: { filter: NEEDLE, status: all.join(',') }, raw: perStatus(all, { expression: 'contains(#f, :f)', names: { '#f': 'searchText' }, values: { ':f': NEEDLE } }) },
  ];
};

/** The entity's key condition (the real key shape) with the bench's own FilterExpression and page limit. */
const withCondition = (keyed: Record<string, any>, condition: Condition | undefined, table: string, limit: number, order: 'asc' | 'desc' = 'desc'): QueryCommandInput => ({
  TableName: table,
  IndexName: keyed.IndexName,
  KeyConditionExpression: keyed.KeyConditionExpression,
  ExpressionAttributeNames: { ...keyed.ExpressionAttributeNames, ...condition?.names },
  ExpressionAttributeValues: { ...keyed.ExpressionAttributeValues, ...condition?.values },
  ...(condition ? { FilterExpression: condition.expression } : {}),
  ScanIndexForward: order === 'asc',
  Limit: limit,
});

/** Pages one Query on until it has a page of matches or ends; answers the Queries sent. */
const readToPage = async (doc: DynamoDBDocumentClient, input: QueryCommandInput) => {
  let matches = 0;
  let queries = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await doc.send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    queries++;
    matches += result.Items?.length ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey && matches < TASK_PAGE_SIZE);
  return queries;
};


/**
 * Times several variants in turns (one call of each per round, after `warmUp` rounds), so a load spike on this
 * shared machine falls on all of them alike instead of on whichever block ran at that moment.
 */
const timeInTurns = async (fns: readonly (() => Promise<unknown>)[], runs: number, warmUp = 20) => {
  const samples = fns.map(() => [] as number[]);
  for (let round = 0; round < warmUp + runs; round++) {
    for (const [i, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      if (round >= warmUp) samples[i]!.push(performance.now() - start);
    }
  }
  return samples;
};

/** The ID token's claims, as the gateway's JWT check hands them to the handler (the token is the stack's own). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;

/**
 * Where a page's time goes beyond the raw Query: the same first page timed in turns through the gateway, as the
 * handler invoked in-process with the event the gateway would build (no HTTP, no JWT check), and its parts alone
 * (the wrapper's TransactGetItems; the core list with that context: the Query and the mapping to the API shape;
 * the response schema check and JSON of the page), beside the raw Query and the gateway's own floor (an unknown
 * /api path, answered 404 before any JWT check or handler).
 */
const breakdown = async (stack: Stack, seeded: Seeded, filter: Filter, doc: DynamoDBDocumentClient) => {
  const [{ handler }, { findMembershipAndWorkspace }, { listTasks }, { projectDirectory }, { readTaskStreams }, { signDownload }, { buildHttpEvent }] = await Promise.all([
    import('../functions/http/list-tasks'),
    import('#data/memberships'),
    import('#core/tasks/list-tasks'),
    import('#data/project-directory'),
    import('#data/task-list'),
    import('#lib/uploads'),
    import('../local/gateway'),
  ]);
  // The handler called outside its local function sees this process's environment: the namespace its metrics
  // get inside it, so they are published the same way (and without a warning per call).
  process.env.POWERTOOLS_METRICS_NAMESPACE ??= 'Brandslate/local';
  const who = filter.as === 'member' ? seeded.member : seeded.owner;
  const url = routeUrl(stack, 'listTasks', { params: { workspaceId: seeded.workspaceId }, query: filter.query });
  const rawQueryString = new URL(url).search.slice(1);
  const claims = claimsOf(who.token);
  const event = () =>
    buildHttpEvent({
      method: 'GET',
      rawPath: new URL(url).pathname,
      rawQueryString,
      headers: { authorization: `Bearer ${who.token}`, host: new URL(url).host },
      routeKey: routeKeyOf(routes.listTasks),
      pathParameters: { workspaceId: seeded.workspaceId },
      body: undefined,
      claims: claims as never,
    });
  const { membership, workspace, directory } = await findMembershipAndWorkspace(seeded.workspaceId, who.uid);
  const ctx = { workspaceId: seeded.workspaceId, userId: who.uid, email: who.email, role: membership!.role, isOwner: workspace!.ownerId === who.uid, ...(directory ? { directory } : {}) };
  const query = listTasksQuery.parse(Object.fromEntries(new URLSearchParams(rawQueryString)));
  const deps = { projectDirectory, readTaskStreams, signFile: signDownload, appUrl: stack.url };
  const page = (await listTasks(deps, ctx, query)).page;
  // A member asking for a brand that is not theirs: the wrapper's read and an empty page, no task Query.
  const nothingUrl = routeUrl(stack, 'listTasks', { params: { workspaceId: seeded.workspaceId }, query: { projectFilter: 'not-a-brand-of-theirs' } });
  const variants: [string, () => Promise<unknown>][] = [
    ['API through the gateway', async () => (await fetch(url, { headers: { authorization: `Bearer ${who.token}` } })).text()],
    ['handler in-process (no gateway)', async () => handler(event() as never, {} as never)],
    ["wrapper's TransactGetItems alone", () => findMembershipAndWorkspace(seeded.workspaceId, who.uid)],
    ['core list alone (Query + mapping)', () => listTasks(deps, ctx, query)],
    ['response schema check + JSON of the page', async () => JSON.stringify(routes.listTasks.response.parse(page))],
    ['raw Query', () => Promise.all(filter.raw.map((input) => doc.send(new QueryCommand(input))))],
    ['gateway floor (unknown /api path, 404)', async () => (await fetch(`${stack.url}${API_PREFIX}/bench-no-such-route`)).text()],
    ['same route, nothing to read (the member, a brand they cannot open)', async () => (await fetch(nothingUrl, { headers: { authorization: `Bearer ${seeded.member.token}` } })).text()],
  ];
  const samples = await timeInTurns(variants.map(([, fn]) => fn), LIST_REQUESTS);
  const raw = samples[5]!;
  console.log(`\n### Where the time goes: ${filter.name} (${LIST_REQUESTS} rounds in turns after 20 warm-up)\n`);
  console.log('| part | p50 | p99 | p50 / p99 ÷ raw Query |');
  console.log('|---|---|---|---|');
  for (const [i, [name]] of variants.entries()) {
    const xs = samples[i]!;
    console.log(
      `| ${name} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 99))} | ${(percentile(xs, 50) / percentile(raw, 50)).toFixed(2)}× / ${(percentile(xs, 99) / percentile(raw, 99)).toFixed(2)}× |`,
    );
  }
};

export const taskListBench = async (stack: Stack) => {
  const table = stack.env.TABLE_NAME;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const service = createService(undefined, table);
  progress(`seeding ${TASKS} tasks…`);
  const started = performance.now();
  const seeded = await seed(stack, doc, service);
  progress(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const counter = countRequests();

  const rows: string[] = [];
  for (const filter of filters(service, table, seeded).filter((f) => !ONLY || ONLY.some((word) => f.name.includes(word)))) {
    progress(`list: ${filter.name}`);
    const url = routeUrl(stack, 'listTasks', { params: { workspaceId: seeded.workspaceId }, query: filter.query });
    let apiItems = 0;
    const headers = { authorization: `Bearer ${(filter.as === 'member' ? seeded.member : seeded.owner).token}` };
    const fetchPage = async () => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
      apiItems = ((await response.json()) as { items: unknown[] }).items.length;
    };
    const requests = await counter.during(fetchPage);
    let rawItems = 0;
    const [api, raw] = await timeInTurns(
      [
        fetchPage,
        async () => {
          const results = await Promise.all(filter.raw.map((input) => doc.send(new QueryCommand(input))));
          rawItems = Math.min(TASK_PAGE_SIZE, results.reduce((n, r) => n + (r.Items?.length ?? 0), 0));
        },
      ],
      LIST_REQUESTS,
    );
    // With a FilterExpression one round may hold few matches: the same Queries, each paged on until its stream
    // holds a page of matches or ends, is the raw cost of the page the API answers.
    const filtered = filter.raw.some((input) => input.FilterExpression);
    let fullQueries = filter.raw.length;
    const full = filtered
      ? await timeIt(async () => {
          const counts = await Promise.all(filter.raw.map((input) => readToPage(doc, input)));
          fullQueries = counts.reduce((a, b) => a + b, 0);
        }, LIST_REQUESTS)
      : raw;
    const pair = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))}`;
    const ratio = (base: number[]) => `${(percentile(api, 50) / percentile(base, 50)).toFixed(1)}× / ${(percentile(api, 99) / percentile(base, 99)).toFixed(1)}×`;
    rows.push(
      `| ${filter.name} | ${pair(api)} | ${pair(raw)} (${filter.raw.length}) | ${ratio(raw)} | ${pair(full)} (${fullQueries}) | ${ratio(full)} | ${apiItems} / ${rawItems} | ${describeRequests(requests)} |`,
    );
  }
  console.log(`\n## Task list, first page (${TASKS.toLocaleString('en')} tasks in one workspace, ${LIST_REQUESTS} sequential requests each after 20 warm-up)\n`);
  console.log('Times are p50 / p99. API: GET /workspaces/{id}/tickets through the local gateway (JWT check, handler in-process).');
  console.log(`Raw: the parallel Queries a page needs at least, sent with the DocumentClient (Limit = page size ${TASK_PAGE_SIZE}, the same`);
  console.log('FilterExpression), in brackets how many; "to a full page": each Query paged on until its stream holds a page of matches.\n');
  console.log('| filter | API | raw, one round (Queries) | API / raw | raw to a full page (Queries) | API / full page | items API / one round | DynamoDB requests per API call |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (process.env.BENCH_TASK_BREAKDOWN !== '0') {
    for (const filter of filters(service, table, seeded).filter((f) => f.name.startsWith('default'))) {
      progress(`where the time goes: ${filter.name}`);
      await breakdown(stack, seeded, filter, doc);
    }
  }
};
