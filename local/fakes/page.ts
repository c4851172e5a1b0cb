import { escapeHtml } from '../mail';
import { FAKE_NAMES, type ReceivedRecord } from './core';
import type { FakeJira } from './jira';
import { LOCAL_JIRA } from './jira';
import { LOCAL_MONDAY } from './monday';
import { page } from './oauth';
import type { ProviderUrls } from './server';
import { LOCAL_SLACK } from './slack';
import type { FakeWebhookReceiver } from './webhook-receiver';
import { FOLDER_MIME, type FakeDrive } from './drive';
import { LOCAL_INSTAGRAM, type FakeInstagram } from './instagram';
import { LOCAL_YOUTUBE, type FakeYouTube } from './youtube';
import type { createFailures, createRecorder } from './core';

type PageFakes = {
  jira: FakeJira;
  receiver: FakeWebhookReceiver;
  recorder: ReturnType<typeof createRecorder>;
  failures: ReturnType<typeof createFailures>;
  instagram: FakeInstagram;
  youtube: FakeYouTube;
  drive: FakeDrive;
};

/** A one-button form posting to a control endpoint (back=1: the answer is this page again). */
const action = (basePath: string, path: string, label: string, fields = '') =>
  `<form method="post" action="${escapeHtml(basePath + path)}" style="display:inline-block;margin:0 12px 8px 0"><input type="hidden" name="back" value="1">${fields}<button type="submit">${escapeHtml(label)}</button></form>`;

/** The connected accounts' fakes: who is connected on the other side, what they hold, and their switches. */
const accountsSection = (fakes: PageFakes, basePath: string, urls: ProviderUrls) => {
  const ig = fakes.instagram.state();
  const yt = fakes.youtube.state();
  const drive = fakes.drive.state();
  const appFiles = drive.files.filter((f) => f.byApp);
  const igRecent = ig.media.slice(0, 5);
  const ytRecent = yt.videos.slice(0, 5);
  return `<h2>Connected accounts (Instagram, YouTube, Google Drive)</h2>
<p class="muted">Connect on a brand's Connect Instagram or Google Drive page: each consent page has an <em>Allow</em> button. Every
connection reaches the same demo account below. Revoking ends the tokens issued so far (the brand shows "Reconnect"
until it connects again).</p>
<h3>Instagram: @${escapeHtml(String(ig.account.username))}</h3>
<p>Business account ${code(LOCAL_INSTAGRAM.userId)} · ${escapeHtml(String(ig.account.followers_count))} followers · ${ig.media.length} posts ·
usage headers at ${ig.usagePercent} %${ig.usagePercent >= 100 ? ' <strong>(calls refused)</strong>' : ''}</p>
${action(basePath, '/instagram/media', 'Post 3 new media', '<input type="hidden" name="count" value="3">')}
<form method="post" action="${escapeHtml(basePath)}/instagram/usage" style="display:inline-block;margin:0 12px 8px 0"><input type="hidden" name="back" value="1">
<label>Usage % <input name="percent" size="4" inputmode="numeric" value="${ig.usagePercent}"></label> <button type="submit">Set usage</button></form>
${action(basePath, '/instagram/revoke', 'Revoke Instagram access')}${action(basePath, '/instagram/reset', 'Reset Instagram')}
<table><thead><tr><th>Newest posts</th><th>Type</th><th>Published</th><th>Reach / likes / comments</th></tr></thead><tbody>
${igRecent.map((m) => `<tr><td>${escapeHtml(String(m.permalink))}</td><td>${m.media_product_type === 'REELS' ? 'reel' : m.media_type === 'CAROUSEL_ALBUM' ? 'carousel' : m.media_type.toLowerCase()}</td><td>${escapeHtml(String(m.timestamp))}</td><td>${m.insights.reach} / ${m.insights.likes} / ${m.insights.comments}</td></tr>`).join('')}
</tbody></table>
<h3>YouTube: ${escapeHtml(yt.channel.title)} (${escapeHtml(yt.channel.handle)})</h3>
<p>Channel ${code(LOCAL_YOUTUBE.channelId)} · ${yt.channel.subscribers} subscribers · ${yt.videos.length} videos · ${yt.channel.views} views ·
quota left today ${yt.quotaLeft}${yt.quotaLeft <= 0 ? ' <strong>(quotaExceeded)</strong>' : ''}</p>
${action(basePath, '/youtube/videos', 'Publish 2 new videos', '<input type="hidden" name="count" value="2">')}
${action(basePath, '/youtube/quota', 'Use up the quota', '<input type="hidden" name="remaining" value="0">')}${action(basePath, '/youtube/quota', 'Restore the quota', `<input type="hidden" name="remaining" value="${LOCAL_YOUTUBE.dailyQuota}">`)}
${action(basePath, '/youtube/revoke', 'Revoke YouTube access')}${action(basePath, '/youtube/reset', 'Reset YouTube')}
<table><thead><tr><th>Newest videos</th><th>Published</th><th>Length</th><th>Views / likes / comments</th></tr></thead><tbody>
${ytRecent.map((v) => `<tr><td>${escapeHtml(v.title)}<br><span class="muted">${escapeHtml(v.url)}</span></td><td>${escapeHtml(v.published_at)}</td><td>${escapeHtml(v.duration)}</td><td>${v.views} / ${v.likes} / ${v.comments}</td></tr>`).join('')}
</tbody></table>
<h3>Google Drive</h3>
<p class="muted">With the drive.file scope the app sees only the folders it created (listed here); ${drive.files.length - appFiles.length} made by the person in Drive stay invisible to it.</p>
${action(basePath, '/drive/revoke', 'Revoke Drive access')}${action(basePath, '/drive/reset', 'Reset Drive')}
${appFiles.length ? `<table><thead><tr><th>Created by the app</th><th>Id</th><th>State</th><th></th></tr></thead><tbody>
${appFiles.map((f) => `<tr><td>${f.mimeType === FOLDER_MIME ? `<a href="${escapeHtml(`${urls.googleApi}/drive/folders/${f.id}`)}">${escapeHtml(f.name)}</a>` : escapeHtml(f.name)}</td><td>${code(f.id)}</td><td>${f.trashed ? 'in the trash' : 'live'}</td><td>${f.trashed ? '' : action(basePath, '/drive/trash', 'Move to trash', `<input type="hidden" name="id" value="${escapeHtml(f.id)}">`)}</td></tr>`).join('')}
</tbody></table>` : '<p>No folders yet. Connect Google Drive on a brand and create its folders.</p>'}`;
};

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;
const SHOWN = 150;

const row = (r: ReceivedRecord) => `<tr><td>${escapeHtml(new Date(r.at).toLocaleTimeString('en-GB'))}</td><td>${escapeHtml(r.fake)}</td>
<td>${escapeHtml(`${r.method} ${r.path}`)}</td><td>${r.status === null ? 'none' : r.status}${r.injected ? ` <strong>(injected ${escapeHtml(r.injected)})</strong>` : ''}</td>
<td>${escapeHtml(r.summary ?? '')}${r.body === undefined ? '' : `<details><summary>body</summary><pre>${escapeHtml(typeof r.body === 'string' ? r.body : JSON.stringify(r.body, null, 2))}</pre></details>`}</td></tr>`;

/** The human page of the fakes: what to type on the integrations page, failure switches, and what arrived. */
export const renderIntegrationsPage = (fakes: PageFakes, urls: ProviderUrls, basePath: string) => {
  const received = fakes.recorder.list();
  const failures = Object.entries(fakes.failures.all());
  const receivers = fakes.receiver.receivers();
  const options = FAKE_NAMES.map((name) => `<option value="${name}">${name}</option>`).join('');
  return page(
    'Local integrations',
    `<main><h1>Local integrations</h1>
<p class="muted">Stand-ins for Jira, Slack, monday.com, Google Calendar, Instagram, YouTube, Google Drive and a webhook receiver, listening on ${code(urls.jiraSite.replace(/\/jira$/, ''))}.
The functions may reach them because the local stack puts that host on the outbound allow-list (OUTBOUND_ALLOWLIST); add your own
receiver with <code>OUTBOUND_ALLOWLIST=127.0.0.1:9000 npm start</code>. What the fakes hold (issues, messages, items, events,
this list) lasts until the stack stops; OAuth connections to them survive a restart. JSON: <a href="${escapeHtml(basePath)}/received.json">received</a> ·
<a href="${escapeHtml(basePath)}/state.json">state</a> · <a href="${escapeHtml(basePath)}">refresh</a></p>

<h2>What to enter on a brand's Integrations page</h2>
<table><thead><tr><th>Integration</th><th>Enter</th></tr></thead><tbody>
<tr><th>Webhook</th><td>URL ${code(urls.webhook('demo'))} (any name after /webhook/). The secret shown once after saving
(${code('whsec_…')}) can be registered below, so the receiver checks each signature.</td></tr>
<tr><th>Jira (API token)</th><td>Site URL ${code(urls.jiraSite)}, any email, API token ${code(LOCAL_JIRA.apiToken)}, project key
${fakes.jira.projects().map((p) => code(p.key)).join(' or ')}, issue type ${code('Task')}, ${code('Story')} or ${code('Bug')}. Epics: ${code('MKT-1')}, ${code('WEB-1')}.</td></tr>
<tr><th>Jira (OAuth)</th><td>Choose OAuth; the consent page has an <em>Allow</em> button; the site is ${code(LOCAL_JIRA.siteName)}; project ${code('MKT')}.</td></tr>
<tr><th>Slack</th><td>Bot: connect (OAuth, <em>Allow</em>), channel ${code('#general')} or ${code('#marketing')} (${code('#old-campaigns')} is archived).
Incoming webhook: URL ${code(urls.slackWebhook)}.</td></tr>
<tr><th>monday.com</th><td>API token ${code(LOCAL_MONDAY.apiToken)}, board ${code('1234567890')}, group ${code('topics')} or ${code('new_group')}.</td></tr>
<tr><th>Google Calendar</th><td>Connect (OAuth, <em>Allow</em>), then pick ${code('demo@brandslate.local')} or ${code('Content team')} (${code('Holidays')} is read-only).</td></tr>
<tr><th>Email</th><td>Any recipients; the mail lands in <a href="/_local/mail">/_local/mail</a>.</td></tr>
</tbody></table>

${accountsSection(fakes, basePath, urls)}

<h2>Make a fake fail</h2>
<p class="muted">Each request to the fake's API draws once: no answer with the timeout rate, else the status with the failure rate.
Leave the rates and delay empty to heal it. Now: ${failures.length ? failures.map(([name, spec]) => `${escapeHtml(name)} ${code(JSON.stringify(spec))}`).join(', ') : 'none'}.</p>
<form method="post" action="${escapeHtml(basePath)}/failures/set">
<label>Fake <select name="fake">${options}</select></label>
<label>Failure rate (0–1) <input name="rate" size="4" inputmode="decimal"></label>
<label>Status <input name="status" size="4" value="500" inputmode="numeric"></label>
<label>Retry-After s <input name="retryAfter" size="4" inputmode="numeric"></label>
<label>Delay ms <input name="delayMs" size="6" inputmode="numeric"></label>
<label>Timeout rate (0–1) <input name="timeoutRate" size="4" inputmode="decimal"></label>
<button type="submit">Apply</button></form>

<h2>Webhook receivers</h2>
<form method="post" action="${escapeHtml(basePath)}/webhooks/register">
<label>Receiver name <input name="name" value="demo" size="12"></label>
<label>Signing secret <input name="secret" placeholder="whsec_…" size="48"></label>
<button type="submit">Register</button></form>
${receivers.length ? `<table><thead><tr><th>Receiver</th><th>Secret</th><th>Counts</th></tr></thead><tbody>${receivers.map((name) => `<tr><td>${escapeHtml(name)}</td><td>${fakes.receiver.isRegistered(name) ? 'registered' : 'none (signatures not checked)'}</td><td>${code(JSON.stringify(fakes.receiver.stats(name)))}</td></tr>`).join('')}</tbody></table>` : ''}

<h2>Received (newest first${received.length > SHOWN ? `, the last ${SHOWN} of ${received.length}` : ''})</h2>
${received.length ? `<table><thead><tr><th>Time</th><th>Fake</th><th>Request</th><th>Status</th><th>What happened</th></tr></thead><tbody>
${received.slice(0, SHOWN).map(row).join('\n')}</tbody></table>` : '<p>Nothing yet. Connect an integration and create a task with it switched on.</p>'}
</main>`,
  );
};
