import { beforeAll, describe, expect, it } from 'vitest';
import { gradientPng } from '../../../local/png';
import { acceptsIdempotencyKey, routes, type RouteName, type RouteSpec } from '#shared/routes';
import { HUGE_LENGTH, leafPaths, ODD_NUMBERS, schemaAt, setAt, stringBoundsOf, stringPaths } from '../../support/zod-arbitrary';
import { api, registerUser, uniqueEmail } from '../support/api';
import { made } from '../cases/collab-cases';
import { realisticBodies, type Bodies } from './support/bodies';
import { attackOrder } from './support/matrix';
import { brief, callRoute, fieldName, inputFor, send, type Input } from './support/requests';
import { claimsOf, signed } from './support/tokens';
import { buildTenants, downloadedHash, sha256, uploadFor, type Tenant } from './support/world';

/**
 * The attacker's-eye findings of issue 8, kept fixed the mechanical way: each rule is checked over every route or
 * every field the route table and schemas name, not over the one call the probe happened to make.
 */
let H: Tenant;
let bodies: Bodies;
/** The member's own confirmed files on the tenant's task (a comment of theirs carries them). */
let memberFiles: { attachment: string; audio: string; commentId: string };
/** Every confirmed file: its key on the comment, the presigned PUT it came by (tried again after the confirm), its hash. */
const confirmed: { key: string; url: string; headers: Record<string, string>; sha256: string }[] = [];

beforeAll(async () => {
  ({ H } = await buildTenants('H'));
  bodies = await realisticBodies(H.admin.token);
  const bytes = { attachment: new Uint8Array(gradientPng(8, 8, [10, 200, 30])), audio: new Uint8Array(Buffer.from('OggS member voice'.padEnd(48, '.'))) };
  const [attachment, audio] = await Promise.all([
    uploadFor(H.member, H.taskId, 'attachment', { name: 'member.png', type: 'image/png', bytes: bytes.attachment }),
    uploadFor(H.member, H.taskId, 'audio', { name: 'member.ogg', type: 'audio/ogg', bytes: bytes.audio }),
  ]);
  const comment = await made(H.member, 'POST', `/tickets/${H.taskId}/comments`, { text: 'Member files', attachments: [attachment.key], audio: audio.key });
  memberFiles = { attachment: comment.attachments[0].key, audio: comment.audio.key, commentId: comment.uid };
  confirmed.push(
    { ...attachment, key: memberFiles.attachment, sha256: sha256(bytes.attachment) },
    { ...audio, key: memberFiles.audio, sha256: sha256(bytes.audio) },
    ...H.presigned.map((p) => ({ ...p, sha256: H.uploads[p.key]!.sha256 })),
  );
}, 180_000);

/** The signed download links of every file on the tenant's task, by key (as its admin sees them). */
const filesOnTask = async () => {
  const comments = await api('GET', `/tickets/${H.taskId}/comments`, { token: H.admin.token });
  const files = comments.body.flatMap((c: { attachments: { key: string; url: string }[]; audio: { key: string; url: string } | null }) => [...c.attachments, ...(c.audio ? [c.audio] : [])]);
  return new Map<string, string>(files.map((f: { key: string; url: string }) => [f.key, f.url]));
};

/** Every file of the task is still there with its bytes. */
const expectFilesIntact = async () => {
  const links = await filesOnTask();
  const expected = { ...H.uploads, ...Object.fromEntries(confirmed.map((c) => [c.key, { sha256: c.sha256 }])) };
  for (const [key, { sha256: hash }] of Object.entries(expected)) {
    expect(links.has(key), `${key} is no longer on any comment`).toBe(true);
    expect(await downloadedHash(links.get(key)!), `${key} changed or was deleted`).toBe(hash);
  }
};

/** Routes whose body names upload keys, with the fields that do (found from the schemas). */
const KEY_FIELDS = ['key', 'attachments', 'audio'];
// Top-level fields only (as `withKey` sets them): deeper down, `key` is the name the schema walk gives a record's keys.
const keyFieldsOf = (route: RouteSpec) => [
  ...new Set(
    stringPaths(route.body)
      .filter((path) => path.length === 1 || (path.length === 2 && typeof path[1] === 'number'))
      .map(fieldName)
      .filter((name) => KEY_FIELDS.includes(name)),
  ),
];
const keyRoutes = (Object.keys(routes) as RouteName[]).filter((name) => keyFieldsOf(routes[name]).length);

describe('findings 1, 2, 11: an upload key belongs to the person who uploaded it, to one use, once', () => {
  describe.each(keyRoutes)('%s', (name) => {
    const route: RouteSpec = routes[name];
    const withKey = (field: string, key: string): Input => {
      const input = inputFor(route, H, bodies[name]);
      return { ...input, body: setAt(input.body, field === 'attachments' ? [field, 0] : [field], key) };
    };

    /** Each side: the caller, another person's confirmed files, and the caller's own files already on a comment. */
    const sides = () => [
      { who: 'member', token: H.member.token, theirs: { attachment: H.attachmentKey, audio: H.audioKey }, own: memberFiles },
      { who: 'admin', token: H.admin.token, theirs: memberFiles, own: { attachment: H.attachmentKey, audio: H.audioKey } },
    ];
    const cases = keyFieldsOf(route).flatMap((field) => ['member', 'admin'].map((who) => ({ field, who })));

    it.each(cases)("$field naming another person's confirmed file, as the $who: refused, the file untouched", async ({ field, who }) => {
      const side = sides().find((s) => s.who === who)!;
      const answer = await callRoute(route, withKey(field, field === 'audio' ? side.theirs.audio : side.theirs.attachment), side.token);
      expect(answer.status, brief(answer)).toBeGreaterThanOrEqual(400);
      expect(answer.status, brief(answer)).toBeLessThan(500);
      await expectFilesIntact();
    });

    it.each(cases)("$field naming the $who's own file already on a comment: refused, the file untouched", async ({ field, who }) => {
      const side = sides().find((s) => s.who === who)!;
      const answer = await callRoute(route, withKey(field, field === 'audio' ? side.own.audio : side.own.attachment), side.token);
      expect(answer.status, brief(answer)).toBeGreaterThanOrEqual(400);
      expect(answer.status, brief(answer)).toBeLessThan(500);
      await expectFilesIntact();
    });
  });

  it("a confirmed file's presigned PUT no longer changes it", async () => {
    for (const upload of confirmed) {
      await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(upload.headers['content-length'] ? Number(upload.headers['content-length']) : 16).fill(66) });
    }
    await expectFilesIntact();
  });
});

describe('finding 3: one running timer per person per task, whatever the concurrency', () => {
  it('20 parallel starts by one person on one task: exactly one 201', async () => {
    const task = await made(H.admin, 'POST', `/workspaces/${H.workspaceId}/tickets`, { summary: 'Race', project_uid: H.projectId });
    const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/tickets/${task.uid}/time-entries`, { token: H.member.token, body: {} })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const entries = await api('GET', `/tickets/${task.uid}/time-entries`, { token: H.member.token });
    expect(entries.body.entries.filter((e: { ended_at: string | null }) => e.ended_at === null)).toHaveLength(1);
  });
});

describe('finding 5: what an email owns needs that email verified', () => {
  it("a token whose email is not verified lists and accepts none of that address's invites", async () => {
    const victimEmail = uniqueEmail('victim');
    const invite = await made(H.admin, 'POST', `/workspaces/${H.workspaceId}/invites`, { email: victimEmail });
    const attacker = await registerUser(uniqueEmail('claims'));
    const token = signed({ ...claimsOf(attacker.token), email: victimEmail, email_verified: false });
    const listed = await api('GET', '/me/invites', { token });
    expect(JSON.stringify(listed.body), brief({ status: listed.status, text: JSON.stringify(listed.body) })).not.toContain(invite.uid);
    expect(listed.status).toBeLessThan(500);
    const accepted = await api('POST', `/invites/${invite.uid}/accept`, { token });
    expect(accepted.status).toBe(403);
  });
});

describe("finding 7: a member sees nothing of a brand they cannot open, on any route", () => {
  const reads = attackOrder().filter((name) => routes[name].method === 'GET' && routes[name].auth !== 'public');
  beforeAll(async () => {
    // The control: the member still opens the brand they were granted, so a clean answer below is not a refusal.
    const own = await api('GET', `/tickets/${H.taskId}`, { token: H.member.token });
    if (own.status !== 200) throw new Error(`the member lost their access: ${own.status} ${JSON.stringify(own.body)}`);
  });
  it.each(reads)('%s', async (name) => {
    const route: RouteSpec = routes[name];
    const answer = await callRoute(route, inputFor(route, H, bodies[name]), H.member.token);
    const hidden = [H.hidden.taskId, H.hidden.commentId, H.hidden.entryId, `${H.marker} hidden task`, `${H.marker} hidden comment`];
    expect(hidden.filter((secret) => answer.text.includes(secret)), brief(answer)).toEqual([]);
  });
});

describe('finding 8: time entries are bounded', () => {
  const timed = (Object.keys(routes) as RouteName[]).filter((name) => stringPaths(routes[name].body).some((path) => fieldName(path) === 'started_at'));
  const HOUR = 3_600_000;
  it.each(timed)('%s refuses an entry from 1900 and one longer than a day', async (name) => {
    const route: RouteSpec = routes[name];
    for (const body of [
      { started_at: '1900-01-01T00:00:00.000Z', ended_at: new Date(Date.now() - HOUR).toISOString() },
      { started_at: new Date(Date.now() - 49 * HOUR).toISOString(), ended_at: new Date(Date.now() - HOUR).toISOString() },
    ]) {
      const input = { ...inputFor(route, H, bodies[name]), body };
      const answer = await callRoute(route, input, H.member.token);
      expect(answer.status, `${JSON.stringify(body)} → ${brief(answer)}`).toBe(400);
    }
  });
});

describe('finding 9: public answers carry no internal user id', () => {
  const publicRoutes = attackOrder().filter((name) => routes[name].auth === 'public' && stringPaths(routes[name].params).length);
  beforeAll(async () => {
    // Activity with actors for the review view: the task goes to review through two status changes.
    await made(H.admin, 'PATCH', `/tickets/${H.taskId}`, { status: 'in_progress' });
    await made(H.member, 'PATCH', `/tickets/${H.taskId}`, { status: 'needs_approval' });
  });
  it.each(publicRoutes)('%s', async (name) => {
    const route: RouteSpec = routes[name];
    const answer = await callRoute(route, inputFor(route, H, bodies[name]), undefined);
    expect(answer.status, brief(answer)).toBeLessThan(500);
    const ids = [H.admin.userId, H.member.userId, H.external.userId];
    expect(ids.filter((id) => answer.text.includes(id)), brief(answer)).toEqual([]);
  });
});

/** A string too long for any field, in the field's own format where it has one (so only its length is wrong). */
const huge = (schema: Parameters<typeof stringBoundsOf>[0]) => {
  const { format } = stringBoundsOf(schema);
  if (format === 'url') return `https://example.com/${'x'.repeat(HUGE_LENGTH)}`;
  if (format === 'email') return `${'x'.repeat(HUGE_LENGTH)}@example.com`;
  return 'x'.repeat(HUGE_LENGTH);
};

describe('finding 10: every string field has a bound', () => {
  const fields = (route: RouteSpec) =>
    route.method === 'GET' || route.method === 'DELETE' ? [] : stringPaths(route.body).map((path) => ({ path, label: path.join('.') }));
  describe.each(attackOrder().filter((name) => fields(routes[name]).length))('%s', (name) => {
    const route: RouteSpec = routes[name];
    it.each(fields(route))(`$label of ${HUGE_LENGTH} characters is refused naming it`, async ({ path }) => {
      const input = inputFor(route, H, bodies[name]);
      const answer = await callRoute(route, { ...input, body: setAt(input.body, path, huge(schemaAt(route.body, path))) }, route.auth === 'public' ? undefined : H.admin.token);
      expect(answer.status, brief(answer)).toBe(400);
      expect((answer.body as { field?: string }).field, brief(answer)).toBe(path.join('.'));
    });
  });
});

/** The answer with the query of every link dropped (signatures and expiries differ between two signings). */
const unsigned = (value: unknown): unknown =>
  typeof value === 'string' && /^https?:\/\//.test(value)
    ? value.split('?')[0]
    : Array.isArray(value)
      ? value.map(unsigned)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, unsigned(v)]))
        : value;

describe('finding 16: a create sent twice with one Idempotency-Key happens once', () => {
  // Every create that writes the table (a presigned upload stores nothing: a retry only signs another URL).
  const creates = attackOrder().filter((name) => acceptsIdempotencyKey(routes[name] as RouteSpec));
  it.each(creates)('%s', async (name) => {
    const route: RouteSpec = routes[name];
    const input = inputFor(route, H, bodies[name]);
    const headers = { 'idempotency-key': `attack-${name}-${H.marker}` };
    const first = await callRoute(route, input, H.admin.token, route.method, headers);
    expect(first.status, brief(first)).toBe(201);
    const second = await callRoute(route, input, H.admin.token, route.method, headers);
    expect(second.status, brief(second)).toBe(201);
    // A replay may sign its links anew; what was created (ids, keys, values) must be the same.
    expect(unsigned(second.body)).toEqual(unsigned(first.body));
  });
});

describe('numbers: whatever double a body carries is stored or refused naming the field, never a 5xx', () => {
  // DynamoDB stores magnitudes from 1e-130 and 38 significant digits; JSON carries any double.
  const fields = (route: RouteSpec) =>
    route.method === 'GET' || route.method === 'DELETE' ? [] : leafPaths(route.body, 'number').map((path) => ({ path, label: path.join('.') }));
  describe.each(attackOrder().filter((name) => fields(routes[name]).length))('%s', (name) => {
    const route: RouteSpec = routes[name];
    it.each(fields(route))('$label', async ({ path }) => {
      const problems: string[] = [];
      for (const value of ODD_NUMBERS) {
        const input = inputFor(route, H, bodies[name]);
        const answer = await callRoute(route, { ...input, body: setAt(input.body, path, value) }, route.auth === 'public' ? undefined : H.admin.token);
        const field = (answer.body as { field?: string } | undefined)?.field;
        if (answer.status >= 500 || (answer.status === 400 && field !== path.join('.'))) problems.push(`${value} → ${brief(answer)}`);
      }
      expect(problems).toEqual([]);
    });
  });
});

describe('the fixtures', () => {
  it('every file of the tenant is still intact at the end', async () => {
    expect((await send({ method: 'GET', url: `/tickets/${H.taskId}`, authorization: `Bearer ${H.admin.token}` })).status).toBe(200);
    await expectFilesIntact();
  });
});
