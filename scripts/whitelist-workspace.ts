/**
 * Ops only (no API route): whitelist a workspace, which then always counts as active and skips the subscription
 * load (spec 4), or take the whitelist away with --off.
 *
 *   npm run whitelist -- <workspaceId> [--off]
 *
 * It writes through the data layer, so it needs the functions' environment: TABLE_NAME and AWS credentials and
 * region (in AWS: the stage's table). Against `npm start`, use the DynamoDB line it prints:
 *   AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:<port> TABLE_NAME=brandslate-local AWS_REGION=us-east-1 \
 *   AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local npm run whitelist -- <workspaceId>
 */
import { workspaceParams } from '#shared/schemas/workspace';
import { setWhitelisted } from '#data/workspaces';

// Read by hand rather than with util.parseArgs: generated ids can begin with '-', which parseArgs takes for options.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const off = args.includes('--off');
const positionals = args.filter((arg) => arg !== '--off');
const parsed = workspaceParams.safeParse({ workspaceId: positionals[0] });
if (positionals.length !== 1 || !parsed.success) {
  console.error('Usage: npm run whitelist -- <workspaceId> [--off]');
  process.exit(2);
}

const { workspaceId } = parsed.data;
const whitelisted = !off;
if (!(await setWhitelisted(workspaceId, whitelisted))) {
  console.error(`No workspace ${workspaceId} (or it was deleted).`);
  process.exit(1);
}
console.log(`Workspace ${workspaceId} is ${whitelisted ? 'whitelisted: always active' : 'no longer whitelisted'}.`);
