import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../../local/env';

/** What the child stack prints once its port is open (test/integration/local-stack-process.ts). */
export type StartedStack = { url: string; env: Record<string, string> };

/**
 * The local stack in a child process on `dataDir`, for tests that kill it the hard way: a stack restarted inside
 * one process keeps its old clients, a child is a real restart. `args` go to local-stack-process.ts.
 */
export const startStackInChild = (dataDir: string, args: readonly string[] = []) =>
  new Promise<{ child: ChildProcess; started: StartedStack }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', join('test', 'integration', 'local-stack-process.ts'), dataDir, ...args], {
      cwd: repoRoot,
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('exit', (code) => reject(new Error(`The stack process exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"url"')) resolve({ child, started: JSON.parse(line) as StartedStack });
    });
  });

/** SIGKILL, as a crash: nothing is flushed or closed. Resolves once the child is gone. */
export const killStackProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
