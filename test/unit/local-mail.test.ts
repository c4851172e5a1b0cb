import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { codeEmail } from '../../local/cognito-emails';
import {
  createMailCatcher,
  escapeHtml,
  handleMailRequest,
  handleSesRequest,
  linkify,
  mailFromSesRequest,
  parseRawEmail,
  renderMailList,
  renderMailMessage,
  type MailMessage,
} from '../../local/mail';
import { closeServer, listen } from '../../local/net';

/** The mail catcher shows whatever the stack sent, so everything from a message must be inert on its pages. */
const hostile: MailMessage = {
  id: 'm-1',
  to: 'eve"<script>@example.com',
  from: '<img src=x onerror=alert(1)>',
  subject: '<script>alert("subject")</script> & more',
  text: 'Join: https://app.local/invites/abc?x=1&y=<b> — or javascript:alert(1)',
  html: '<p>Hi</p><script>alert("html")</script><a href="https://app.local/x">link</a>',
  sentAt: '2030-01-01T00:00:00.000Z',
};

describe('mail pages', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('lists messages with their fields escaped', () => {
    const page = renderMailList([hostile], '/_local/mail');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; more');
    expect(page).toContain('href="/_local/mail/m-1"');
  });

  it('shows a message with clickable http(s) links and its HTML part only inside a script-less sandbox', () => {
    const page = renderMailMessage(hostile, '/_local/mail');
    // The only raw tags are the page's own: the email's HTML lives escaped inside srcdoc.
    expect(page).not.toMatch(/<script/i);
    expect(page).toMatch(/<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="[^"]*&lt;script&gt;alert\(&quot;html&quot;\)/);
    expect(page).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(page).toContain('<a href="https://app.local/invites/abc?x=1&amp;y=" target="_blank" rel="noopener noreferrer">');
    expect(page).not.toContain('href="javascript:');
  });

  it('linkifies only http(s) URLs and escapes the rest', () => {
    expect(linkify('go <here> http://a.b/c then')).toBe(
      'go &lt;here&gt; <a href="http://a.b/c" target="_blank" rel="noopener noreferrer">http://a.b/c</a> then',
    );
  });
});

describe('SES SendEmail requests', () => {
  it('takes Simple content', () => {
    expect(
      mailFromSesRequest({
        FromEmailAddress: 'from@x.com',
        Destination: { ToAddresses: ['a@x.com'], CcAddresses: ['b@x.com'] },
        Content: { Simple: { Subject: { Data: 'S' }, Body: { Text: { Data: 'T' }, Html: { Data: '<p>H</p>' } } } },
      }),
    ).toEqual({ to: 'a@x.com, b@x.com', from: 'from@x.com', subject: 'S', text: 'T', html: '<p>H</p>' });
  });

  it('reads text and html parts out of Raw MIME', () => {
    const raw = [
      'From: Team <team@x.com>',
      'To: a@x.com',
      'Subject: Welcome',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=C3=A9 is open=',
      ' today',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Café</p>').toString('base64'),
      '--b1--',
    ].join('\r\n');
    expect(parseRawEmail(raw)).toEqual({ subject: 'Welcome', from: 'Team <team@x.com>', to: 'a@x.com', text: 'Café is open today', html: '<p>Café</p>' });
  });

  it('refuses a request without recipients or content', () => {
    expect(mailFromSesRequest({ FromEmailAddress: 'f@x.com', Content: { Simple: {} } })).toMatch(/Destination/);
    expect(mailFromSesRequest({ FromEmailAddress: 'f@x.com', Destination: { ToAddresses: ['a@x.com'] } })).toMatch(/Content/);
  });
});

describe('SES endpoint and mail catcher over HTTP', () => {
  let server: Server;
  let url: string;
  let dir: string;
  const catcher = () => createMailCatcher({ file: join(dir, 'mail.json') });
  let mail: ReturnType<typeof createMailCatcher>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mail-test-'));
    mail = catcher();
    server = createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://local');
      if (target.pathname.startsWith('/ses/')) void handleSesRequest(req, res, target.pathname.slice(4), mail);
      else handleMailRequest(req, res, target, mail, '/mail');
    });
    url = `http://127.0.0.1:${await listen(server, 0)}`;
  });

  afterAll(async () => {
    await closeServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts the SDK SendEmailCommand and serves it as JSON, newest first, and keeps it across restarts', async () => {
    const ses = new SESv2Client({ region: 'us-east-1', endpoint: `${url}/ses`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    for (const subject of ['first', 'second']) {
      const sent = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'Brandslate <no-reply@brandslate.local>',
          Destination: { ToAddresses: ['Pat@Example.com'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'code 123456' }, Html: { Data: '<b>123456</b>' } } } },
        }),
      );
      expect(sent.MessageId).toEqual(expect.any(String));
    }
    ses.destroy();

    const messages = (await (await fetch(`${url}/mail/messages.json?to=pat@example.com`)).json()) as MailMessage[];
    expect(messages.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: 'Pat@Example.com',
      from: 'Brandslate <no-reply@brandslate.local>',
      subject: 'second',
      text: 'code 123456',
      html: '<b>123456</b>',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(catcher().list().map((m) => m.subject)).toEqual(['second', 'first']);

    const pageResponse = await fetch(`${url}/mail/${messages[0].id}`);
    expect(pageResponse.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await pageResponse.text()).toContain('code 123456');
  });

  it('answers unknown SES operations with a typed error', async () => {
    const response = await fetch(`${url}/ses/v2/email/identities`, { method: 'GET' });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-amzn-errortype')).toBe('NotFoundException');
  });

  it('clears on DELETE messages.json', async () => {
    await fetch(`${url}/mail/messages.json`, { method: 'DELETE' });
    expect(await (await fetch(`${url}/mail/messages.json`)).json()).toEqual([]);
  });
});

describe('Cognito code emails', () => {
  it('reads like the user pool verification message, with the code in text and html', () => {
    const email = codeEmail({ source: 'SignUp', to: 'a@x.com', code: '123456' });
    expect(email).toMatchObject({ to: 'a@x.com', subject: 'Your Brandslate verification code' });
    expect(email.text).toContain('Your Brandslate verification code is 123456');
    expect(email.html).toContain('123456');
    expect(codeEmail({ source: 'ForgotPassword', to: 'a@x.com', code: '654321' }).text).toContain('password reset code is 654321');
  });
});
