import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { queueUrlEnv, type EmailMessage } from '#shared/queues';
import { startStack, type Stack } from '../../local/stack';
import { killStackProcess, startStackInChild } from './support/stack-process';

/**
 * A message SQS acknowledged survives the local stack being killed: it is on disk before the 200, and the next
 * start on the same data folder sends it again, so the email goes out after all.
 */


describe('the local queue across a kill', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandslate-durable-'));
  let restarted: Stack | undefined;
  afterAll(async () => {
    await restarted?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an acknowledged message after the stack was killed before consuming it', async () => {
    const { child, started } = await startStackInChild(dataDir);
    const to = 'durable@queue.test';
    const message: EmailMessage = {
      template: 'invite',
      dedupeKey: `durable-${Date.now()}`,
      to,
      data: { workspaceName: 'Durable Co', inviterEmail: 'owner@queue.test', inviteUrl: `${started.url}/invite/abc` },
    };
    const sqs = new SQSClient({ endpoint: started.env.AWS_ENDPOINT_URL_SQS, region: started.env.AWS_REGION, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    // Invisible for a few seconds, so the stack's poller cannot have consumed it when the kill comes.
    const sent = await sqs.send(
      new SendMessageCommand({ QueueUrl: started.env[queueUrlEnv('email')], MessageBody: JSON.stringify(message), DelaySeconds: 3 }),
    );
    expect(sent.MessageId).toBeTruthy();
    await killStackProcess(child);
    sqs.destroy();

    restarted = await startStack({ dataDir });
    const until = Date.now() + 20_000;
    let delivered = restarted.mail.list().filter((mail) => JSON.stringify(mail.to).includes(to));
    while (delivered.length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      delivered = restarted.mail.list().filter((mail) => JSON.stringify(mail.to).includes(to));
    }
    expect(delivered).toHaveLength(1);
    expect(delivered[0].subject).toContain('Durable Co');
  }, 90_000);
});
