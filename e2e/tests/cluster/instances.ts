import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How long a server may take to answer /readyz. A fresh embedded database starts in 11–13 s
 * alone on the 2-core machine (6–8 s of processor time: every migration, then the demo seed);
 * the desktop and phone runs go side by side, and on a busy machine a start took over 60 s.
 */
export const SERVER_START_MS = 120_000;

export const repositoryRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);

/** Where the cluster's pieces write what they have to say (a log file of the test run). */
export type LogSink = (line: string) => void;

/** A free port on loopback: the system picks it, and it is closed again for its new owner. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Polls `check` every 100 ms until it answers something other than undefined, for at most
 * `timeoutMs`; then fails with `what` and the last error, so a stuck cluster says what it was
 * waiting for.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) {
      const reason = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One instance of the built API, started as an operator starts it (`node
 * apps/api/dist/server.js`) with its own port and DATA_DIR and every other setting shared with
 * the other instances. Its output goes to the run's log, each line marked with its name.
 */
export class ApiInstance {
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly log: LogSink,
    /** Another build's server (the previous release's, for the rolling-upgrade check). */
    private readonly serverScript = path.join(repositoryRoot, 'apps/api/dist/server.js'),
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until /readyz answers 200 (every dependency reachable). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [this.serverScript], {
      cwd: repositoryRoot,
      // Only what the cluster sets (and PATH): nothing from the shell changes how it runs.
      env: { PATH: process.env.PATH, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) this.log(`${this.name}: ${line}`);
    };
    child.stdout?.on('data', relay);
    child.stderr?.on('data', relay);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        this.log(`${this.name}: exited (${code ?? signal})`);
        reject(new Error(`${this.name} exited (${code ?? signal}); see the cluster log`));
      }),
    );
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      waitFor(
        `${this.name} to answer /readyz`,
        async () => {
          const response = await fetch(`${this.origin}/readyz`).catch(() => undefined);
          await response?.body?.cancel();
          return response?.status === 200 ? true : undefined;
        },
        SERVER_START_MS,
      ),
    ]);
  }

  /** SIGKILL, as a crash or an evicted container: no shutdown hooks, nothing drained. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
