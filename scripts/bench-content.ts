import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { offlineService } from '#data/access-patterns';
import type { Stack } from '../local/stack';
import { call, ms, percentile, person, progress, routeUrl, timeIt } from './bench-support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/** A brand's voices in the bench (a realistic store: a few, not the 50 allowed). */
const VOICES = 8;

/**
 * The content store's reads: GET /projects/{projectId}/brand-voices (the workspace found from the project by its id,
 * then the wrapper's read) and GET
 * /workspaces/{workspaceId}/projects/{projectId} (project + settings), each beside the raw DynamoDB Query of the
 * voices on the same DynamoDB Local.
 */
export const contentBench = async (stack: Stack) => {
  progress('content store…');
  const who = await person(stack, `bench-content-${Date.now()}@example.com`);
  // A member of several workspaces, as an agency is: the project is looked for in each.
  const workspaces = [];
  for (let i = 0; i < 3; i++) workspaces.push((await call(stack, who, 'createWorkspace', { body: { name: `Bench content ${i}` } })).workspaces.uid);
  const workspaceId = workspaces[0]!;
  const projectId = (await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: 'Bench brand' } as never })).uid;
  for (let i = 0; i < VOICES; i++)
    await call(stack, who, 'createBrandVoice', { params: { projectId }, body: { name: `Voice ${i}`, description: 'Warm, plain, a little nerdy', traits: ['warm', 'plain'], example_posts: ['A post'] } });
  await call(stack, who, 'updateContentSettings', { params: { workspaceId, projectId }, body: { slate_growth_content: 40, content_pillars: [{ name: 'Origins', description: 'Farms' }] } });

  const headers = { authorization: `Bearer ${who.token}` };
  const get = (url: string) => async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    await response.json();
  };
  const list = await timeIt(get(routeUrl(stack, 'listBrandVoices', { params: { projectId } })), REQUESTS);
  const project = await timeIt(get(routeUrl(stack, 'getProject', { params: { workspaceId, projectId } })), REQUESTS);
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' }));
  // The Query the list handler makes, built by the entity (no key format written here).
  const query = offlineService().entities.contentItem.query.primary({ workspaceId, projectId, kind: 'brand-voices' }).params();
  const raw = await timeIt(async () => {
    const result = await doc.send(new QueryCommand({ ...query, TableName: stack.env.TABLE_NAME }));
    if (result.Items?.length !== VOICES) throw new Error(`raw query saw ${result.Items?.length} items`);
  }, REQUESTS);

  console.log(`\n## Content store reads (${VOICES} brand voices; the caller in 3 workspaces; ${REQUESTS} sequential requests after 20 warm-up)\n`);
  console.log('| | p50 | p99 | ratio to raw (p50 / p99) |\n|---|---|---|---|');
  const row = (label: string, samples: number[]) =>
    `| ${label} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 99))} | ${(percentile(samples, 50) / percentile(raw, 50)).toFixed(2)}× / ${(percentile(samples, 99) / percentile(raw, 99)).toFixed(2)}× |`;
  console.log(row('GET /projects/{projectId}/brand-voices (gateway + JWT + the project’s workspace by one byToken Query, membership TransactGet, handler Query)', list));
  console.log(row('GET /workspaces/{workspaceId}/projects/{projectId} (membership TransactGet, project + settings TransactGet)', project));
  console.log(row('raw DynamoDB Query of the voices (same key, same data)', raw));
};
