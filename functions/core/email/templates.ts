import type { EmailMessage } from '#shared/queues';

export type RenderedEmail = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(
  title,
)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#16191f;max-width:560px;margin:24px auto;line-height:1.5">${body}<p style="color:#5f6b7a;font-size:12px">Brandslate — plan, draft and review social content with your team.</p></body></html>`;

/** Subject, plain text and HTML for a queued email; every user-given value is escaped in the HTML. */
export const renderEmail = (message: EmailMessage): RenderedEmail => {
  switch (message.template) {
    case 'invite': {
      const { workspaceName, inviterEmail, inviteUrl } = message.data;
      const subject = `You're invited to join ${workspaceName} on Brandslate`;
      const text = `${inviterEmail} invited you to join the workspace "${workspaceName}" on Brandslate.\n\nOpen this link to accept: ${inviteUrl}\n\nThe link works for 7 days. If you did not expect this invite, you can ignore this email.`;
      const html = layout(
        subject,
        `<h1 style="font-size:20px">Join ${escapeHtml(workspaceName)} on Brandslate</h1>
<p>${escapeHtml(inviterEmail)} invited you to join the workspace <strong>${escapeHtml(workspaceName)}</strong>.</p>
<p><a href="${escapeHtml(inviteUrl)}" style="background:#0972d3;color:#fff;padding:10px 16px;border-radius:20px;text-decoration:none;display:inline-block">Accept invite</a></p>
<p>Or paste this link into your browser: <br>${escapeHtml(inviteUrl)}</p>
<p>The link works for 7 days. If you did not expect this invite, you can ignore this email.</p>`,
      );
      return { subject, text, html };
    }
    case 'reminder': {
      const { workspaceName, taskNumber, taskSummary, taskUrl, remindAt } = message.data;
      const subject = `Reminder: #${taskNumber} ${taskSummary}`;
      const text = `This is your reminder for task #${taskNumber} "${taskSummary}" in the workspace "${workspaceName}" (set for ${remindAt}).\n\nOpen the task: ${taskUrl}`;
      const html = layout(
        subject,
        `<h1 style="font-size:20px">Reminder: #${taskNumber} ${escapeHtml(taskSummary)}</h1>
<p>This is your reminder for a task assigned to you in <strong>${escapeHtml(workspaceName)}</strong> (set for ${escapeHtml(remindAt)}).</p>
<p><a href="${escapeHtml(taskUrl)}" style="background:#0972d3;color:#fff;padding:10px 16px;border-radius:20px;text-decoration:none;display:inline-block">Open the task</a></p>
<p>Or paste this link into your browser: <br>${escapeHtml(taskUrl)}</p>`,
      );
      return { subject, text, html };
    }
    case 'integration': {
      const { projectName, taskNumber, taskSummary, taskUrl, dueDate, priority, type, description, test } = message.data;
      const subject = `${test ? '[Test] ' : ''}New task in ${projectName}: #${taskNumber} ${taskSummary}`;
      const facts = [`Type: ${type}`, `Priority: ${priority}`, dueDate ? `Due: ${dueDate}` : ''].filter(Boolean);
      const text = `A new task was created in ${projectName} on Brandslate.\n\n#${taskNumber} ${taskSummary}\n${facts.join('\n')}${description ? `\n\n${description}` : ''}\n\nOpen the task: ${taskUrl}\n\nYou get this email because the brand's team sends its new tasks to this address.`;
      const html = layout(
        subject,
        `<h1 style="font-size:20px">#${taskNumber} ${escapeHtml(taskSummary)}</h1>
<p>A new task was created in <strong>${escapeHtml(projectName)}</strong>.</p>
<p>${facts.map(escapeHtml).join('<br>')}</p>
${description ? `<p style="white-space:pre-wrap">${escapeHtml(description)}</p>` : ''}
<p><a href="${escapeHtml(taskUrl)}" style="background:#0972d3;color:#fff;padding:10px 16px;border-radius:20px;text-decoration:none;display:inline-block">Open the task</a></p>
<p style="color:#5f6b7a">You get this email because the brand's team sends its new tasks to this address.</p>`,
      );
      return { subject, text, html };
    }
    case 'notifications': {
      const { items, settingsUrl } = message.data;
      const subject = items.length === 1 ? items[0]!.title : `${items.length} updates on your tasks`;
      const footer = `You get this email because of your notification settings: ${settingsUrl}`;
      const text = `${items.map((item) => `${item.title}\n${item.body}\nOpen the task: ${item.taskUrl}`).join('\n\n')}\n\n${footer}`;
      const html = layout(
        subject,
        `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${items
  .map(
    (item) => `<div style="border-top:1px solid #e9ebed;padding:12px 0">
<p style="margin:0"><strong>${escapeHtml(item.title)}</strong></p>
<p style="margin:4px 0;color:#414d5c">${escapeHtml(item.body)} · ${escapeHtml(item.workspaceName)}</p>
<p style="margin:4px 0"><a href="${escapeHtml(item.taskUrl)}">Open the task</a></p>
</div>`,
  )
  .join('\n')}
<p style="color:#5f6b7a">You get this email because of your <a href="${escapeHtml(settingsUrl)}">notification settings</a>.</p>`,
      );
      return { subject, text, html };
    }
  }
};
