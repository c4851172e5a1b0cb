import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestText } from './net';
import { dirname } from 'node:path';
import { LOCAL } from './env';

/**
 * The mail catcher: everything the stack "sends" (SES v2 SendEmail from the functions, Cognito codes) lands
 * here instead of in an inbox. People read it at /_local/mail; tests read /_local/mail/messages.json.
 */
export type MailMessage = {
  id: string;
  /** Recipients, comma-separated (To, then Cc and Bcc). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO time. */
  sentAt: string;
};

export type MailInput = Omit<MailMessage, 'id' | 'sentAt'>;

export type MailCatcher = {
  add: (mail: MailInput) => MailMessage;
  /** Newest first. */
  list: () => MailMessage[];
  get: (id: string) => MailMessage | undefined;
  clear: () => void;
};

const LIMIT = 500;

/** With `file`, messages survive restarts (the newest 500 are kept). */
export const createMailCatcher = ({ file }: { file?: string } = {}): MailCatcher => {
  let messages: MailMessage[] = [];
  if (file && existsSync(file)) {
    try {
      messages = JSON.parse(readFileSync(file, 'utf8')) as MailMessage[];
    } catch {
      messages = [];
    }
  }
  const save = () => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(messages, null, 1));
    renameSync(`${file}.tmp`, file);
  };
  return {
    add: (mail) => {
      const message: MailMessage = { id: randomUUID(), sentAt: new Date().toISOString(), ...mail };
      messages = [message, ...messages].slice(0, LIMIT);
      save();
      return message;
    },
    list: () => [...messages],
    get: (id) => messages.find((message) => message.id === id),
    clear: () => {
      messages = [];
      save();
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// SES v2 emulator: the SDK's SendEmailCommand POSTs JSON to /v2/email/outbound-emails.

type SesContent = {
  Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } };
  Raw?: { Data?: string };
  Template?: { TemplateName?: string; TemplateData?: string };
};
type SesSendEmail = {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  Content?: SesContent;
};

const decodeTransfer = (body: string, encoding: string | undefined) => {
  const kind = encoding?.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
};

const splitMime = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

/** Just enough MIME to show a raw email: top-level headers and the first text/plain and text/html parts. */
export const parseRawEmail = (raw: string) => {
  const top = splitMime(raw);
  const parts = { text: '', html: '' };
  const visit = (headers: Map<string, string>, body: string) => {
    const type = headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        // The line break before a boundary belongs to the boundary (RFC 2046).
        const part = splitMime(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
        visit(part.headers, part.body);
      }
    } else if (/^text\/html/i.test(type)) {
      parts.html ||= decodeTransfer(body, headers.get('content-transfer-encoding'));
    } else if (/^text\//i.test(type)) {
      parts.text ||= decodeTransfer(body, headers.get('content-transfer-encoding'));
    }
  };
  visit(top.headers, top.body);
  return { subject: top.headers.get('subject') ?? '', from: top.headers.get('from') ?? '', to: top.headers.get('to') ?? '', ...parts };
};

/** The catcher entry for one SES SendEmail request, or an error message naming what is missing. */
export const mailFromSesRequest = (request: SesSendEmail): MailInput | string => {
  const destination = request.Destination ?? {};
  const recipients = [...(destination.ToAddresses ?? []), ...(destination.CcAddresses ?? []), ...(destination.BccAddresses ?? [])];
  const content = request.Content;
  if (!content) return 'Content is required';
  if (content.Raw?.Data) {
    const raw = parseRawEmail(Buffer.from(content.Raw.Data, 'base64').toString('utf8'));
    return {
      to: recipients.length ? recipients.join(', ') : raw.to,
      from: request.FromEmailAddress ?? raw.from,
      subject: raw.subject,
      text: raw.text,
      html: raw.html,
    };
  }
  if (recipients.length === 0) return 'Destination must name at least one address';
  if (!request.FromEmailAddress) return 'FromEmailAddress is required';
  if (content.Simple) {
    return {
      to: recipients.join(', '),
      from: request.FromEmailAddress,
      subject: content.Simple.Subject?.Data ?? '',
      text: content.Simple.Body?.Text?.Data ?? '',
      html: content.Simple.Body?.Html?.Data ?? '',
    };
  }
  if (content.Template) {
    return {
      to: recipients.join(', '),
      from: request.FromEmailAddress,
      subject: `[template ${content.Template.TemplateName ?? '?'}]`,
      text: content.Template.TemplateData ?? '',
      html: '',
    };
  }
  return 'Content must be Simple, Raw or Template';
};

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/** Handles a request whose path has had the SES prefix removed. */
export const handleSesRequest = async (req: IncomingMessage, res: ServerResponse, path: string, catcher: MailCatcher) => {
  // GetAccount: the developer page's email check (the local catcher always accepts mail).
  if (req.method === 'GET' && path === '/v2/email/account') {
    return sendJson(res, 200, { SendingEnabled: true, ProductionAccessEnabled: false, EnforcementStatus: 'HEALTHY' });
  }
  if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') {
    return sendJson(res, 404, { message: `The local SES emulator only implements SendEmail (${req.method} ${path})` }, {
      'x-amzn-errortype': 'NotFoundException',
    });
  }
  let request: SesSendEmail;
  try {
    request = JSON.parse((await readRequestText(req)) || '{}') as SesSendEmail;
  } catch {
    return sendJson(res, 400, { message: 'Body must be JSON' }, { 'x-amzn-errortype': 'BadRequestException' });
  }
  const mail = mailFromSesRequest(request);
  if (typeof mail === 'string') return sendJson(res, 400, { message: mail }, { 'x-amzn-errortype': 'BadRequestException' });
  catcher.add(mail);
  // Shaped like SES ids; the catcher's own id is what the pages use.
  sendJson(res, 200, { MessageId: `0100${randomBytes(6).toString('hex')}-${randomUUID()}-000000` });
};

// ---------------------------------------------------------------------------------------------------------------
// Pages. Everything from a message is escaped; its HTML part is shown in a sandboxed iframe (no scripts).

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with http(s) URLs turned into links. */
export const linkify = (text: string) =>
  text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((piece, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(piece)}" target="_blank" rel="noopener noreferrer">${escapeHtml(piece)}</a>`
        : escapeHtml(piece),
    )
    .join('');

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#16191f;max-width:1100px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e9ebed;vertical-align:top}
th{font-weight:600;color:#5f6b7a}a{color:#0972d3}pre{white-space:pre-wrap;background:#f4f4f4;padding:12px;border-radius:6px}
iframe{width:100%;height:520px;border:1px solid #e9ebed;border-radius:6px}.muted{color:#5f6b7a}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{color:#5f6b7a}dd{margin:0}`;

const page = (title: string, body: string, refreshSeconds?: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''}<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body>${body}</body></html>`;

export const renderMailList = (messages: readonly MailMessage[], basePath: string) =>
  page(
    `Local mail (${messages.length})`,
    `<h1>Local mail</h1>
<p class="muted">Email sent by the local stack. Newest first; this page refreshes every 5 seconds.
<a href="${escapeHtml(basePath)}/messages.json">JSON</a></p>
${
  messages.length === 0
    ? '<p>No mail yet.</p>'
    : `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>From</th></tr></thead><tbody>
${messages
  .map(
    (m) => `<tr><td>${escapeHtml(new Date(m.sentAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.to)}</td>
<td><a href="${escapeHtml(`${basePath}/${encodeURIComponent(m.id)}`)}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${escapeHtml(m.from)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}`,
    5,
  );

export const renderMailMessage = (message: MailMessage, basePath: string) => {
  // Links inside the HTML part open in a new tab; the sandbox has no allow-scripts, so the email cannot run code.
  const framed = `<base target="_blank">${message.html}`;
  return page(
    message.subject || '(no subject)',
    `<p><a href="${escapeHtml(basePath)}">← All mail</a></p>
<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escapeHtml(message.from)}</dd><dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Sent</dt><dd>${escapeHtml(message.sentAt)}</dd></dl>
${message.html ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(framed)}" title="HTML part"></iframe>` : ''}
${message.text ? `<h2>Text</h2><pre>${linkify(message.text)}</pre>` : ''}`,
  );
};

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'",
};

/** Serves `basePath` (list), `basePath/messages.json` (GET list, DELETE clears) and `basePath/<id>`. */
export const handleMailRequest = (req: IncomingMessage, res: ServerResponse, url: URL, catcher: MailCatcher, basePath: string = LOCAL.mailPath) => {
  const rest = url.pathname.slice(basePath.length).replace(/\/$/, '');
  if (rest === '/messages.json') {
    if (req.method === 'DELETE') {
      catcher.clear();
      return sendJson(res, 200, { cleared: true });
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = catcher.list().filter((m) => !to || m.to.toLowerCase().split(/,\s*/).includes(to));
    return sendJson(res, 200, messages);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method Not Allowed' });
  if (rest === '') {
    res.writeHead(200, PAGE_HEADERS);
    return res.end(renderMailList(catcher.list(), basePath));
  }
  const message = catcher.get(decodeURIComponent(rest.slice(1)));
  if (!message) {
    res.writeHead(404, PAGE_HEADERS);
    return res.end(page('Not found', `<p>No such message. <a href="${escapeHtml(basePath)}">All mail</a></p>`));
  }
  res.writeHead(200, PAGE_HEADERS);
  res.end(renderMailMessage(message, basePath));
};
