// Every decoding of a file a family or an organiser sent happens in a short-lived child process
// (decision 030): a decompression bomb or a decoder's bug then costs that child its time and
// memory, never the event loop or the heap of the instance that answers everyone else.
import { fork, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { UntrustedTasks } from '../untrusted-child.ts';
import { AppError } from './errors.ts';
import { UnreadableFileError } from './strip-metadata/errors.ts';

export type UntrustedTask = keyof UntrustedTasks;
type Input<K extends UntrustedTask> = Parameters<UntrustedTasks[K]>[0];
type Output<K extends UntrustedTask> = Awaited<ReturnType<UntrustedTasks[K]>>;

/** What one decoding may use; over either, the child is killed and the file refused. */
export interface UntrustedLimits {
  /**
   * The processor time the task may take, counted from the task's start: a child waiting for a
   * core on a busy machine is not refused for that wait (see WAIT_FACTOR for the wall clock).
   */
  timeoutMs: number;
  /** The child's resident memory, native (libvips, WebAssembly) as well as JavaScript. */
  maxMemoryMb: number;
}

/** A child's answer: the task's result, or what it threw, as plain data. */
export type ChildAnswer =
  | { ok: true; result: unknown }
  | { ok: false; name: string; message: string; statusCode?: number; code?: string };

/**
 * The scheduling priority (0, the server's, to 19, the lowest) of a child once it has used
 * DEMOTE_AFTER_MS of processor time: a decoder busy on every core must not slow the event loop
 * that answers everyone else (the 4-at-once attack stalled it 0.5 s otherwise). Before that, a
 * child runs at the server's priority: an ordinary file (a 2-row sheet, a phone's photo) takes
 * less, and at nice 10 from its start it waited 3 to 10 s for a core on a busy machine. Niceness
 * is each thread's on Linux, so every thread of the child is lowered (libvips decodes on threads
 * of its own), and again as new ones appear.
 */
const CHILD_NICENESS = 10;
const DEMOTE_AFTER_MS = 300;
/** How often the parent reads the child's resident size and time; a decoder grows ~1 GB a second. */
const POLL_MS = 25;
/**
 * A task may also last this many times its processor time on the wall clock: the bound for a
 * child that waits without working (and for systems without /proc, the only one). Not more: a
 * lowered child gets little of a busy machine, and a slot it holds is one file's wait.
 */
const WAIT_FACTOR = 3;
/** A child that has not said `ready` within this is killed: the server's fault, not the file's. */
const START_WITHIN_MS = 30_000;
/** Clock ticks per second in /proc/<pid>/stat; 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

// Bundled, this module is part of dist/server.js and the child is dist/untrusted-child.js beside
// it (build.mjs); from source (the tests), the child is the .ts file, which tsx runs.
const fromSource = import.meta.url.endsWith('.ts');
const childEntry = fileURLToPath(
  fromSource
    ? new URL('../untrusted-child.ts', import.meta.url)
    : new URL('./untrusted-child.js', import.meta.url),
);

/** At most one child per core: a burst of uploads waits its turn rather than starving the rest. */
const CORES = Math.max(1, availableParallelism());
const slots = { free: CORES, waiting: [] as (() => void)[] };
/**
 * How many files may wait for a child, beyond those being decoded: each waiting request holds
 * its file in memory (a picture up to 20 MB, a sheet up to 10 MB), so a burst larger than this
 * is refused at once with a 503 the browser shows and the person retries, rather than growing
 * the heap until the instance falls over. Four per core is a minute's wait at the most for a
 * picture (PICTURE_LIMITS' 20 s, three at a time behind one) and seconds for ordinary files.
 */
export const MAX_WAITING = 4 * CORES;
const DECODER_BUSY_MESSAGE =
  'Many files are being checked right now. Please try again in a minute.';
const BUSY_RETRY_SECONDS = 30;

/** The refusal of a full line: callers that turn decoding errors into "unreadable" pass it on. */
export const isDecoderBusy = (err: unknown): err is AppError =>
  err instanceof AppError && err.code === 'DECODER_BUSY';

/**
 * `wait`: the caller bounds itself (the file-processing jobs, MEDIA_WORKERS at a time) and waits
 * however long the line is. `refuse`: a request, refused when MAX_WAITING are waiting already.
 */
export type WhenBusy = 'wait' | 'refuse';

async function takeSlot(whenBusy: WhenBusy): Promise<() => void> {
  if (slots.free > 0) slots.free--;
  else if (whenBusy === 'refuse' && slots.waiting.length >= MAX_WAITING)
    throw new AppError(503, 'DECODER_BUSY', DECODER_BUSY_MESSAGE, BUSY_RETRY_SECONDS);
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  return () => {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  };
}

/** A started child: `ready` resolves once it has said so, and rejects if it died first. */
interface Started {
  child: ChildProcess;
  ready: Promise<void>;
  maxMemoryMb: number;
}

function start(maxMemoryMb: number): Started {
  const child: ChildProcess = fork(childEntry, [], {
    // Not the parent's flags (a test runner's): the JavaScript heap gets the memory limit too.
    execArgv: [...(fromSource ? ['--import', 'tsx'] : []), `--max-old-space-size=${maxMemoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const ready = new Promise<void>((resolve, reject) => {
    const failed = (err: unknown) => {
      clearTimeout(late);
      child.off('error', failed);
      child.off('exit', exited);
      child.kill('SIGKILL');
      reject(new Error(`The decoding process did not start (${String(err)})`));
    };
    const late = setTimeout(
      () => failed(`not ready within ${START_WITHIN_MS / 1000} s`),
      START_WITHIN_MS,
    );
    late.unref();
    const exited = (code: number | null, signal: string | null) => failed(signal ?? code);
    child.on('error', failed);
    child.on('exit', exited);
    child.once('message', (message) => {
      if (message !== 'ready') return failed('it did not say ready');
      clearTimeout(late);
      child.off('error', failed);
      child.off('exit', exited);
      resolve();
    });
  });
  ready.catch(() => undefined);
  return { child, ready, maxMemoryMb };
}

/** Every child alive, to be stopped with the server (stopUntrustedChildren). */
const live = new Set<ChildProcess>();

/**
 * One child started ahead, for the next file: the start of a Node process (0.3 s, and seconds
 * on a busy machine, where the child's low priority makes it wait) is then not on the way of
 * the organiser or family waiting for an answer. A spare holds no file and has decoded nothing;
 * it is used once, like every child, and never keeps the server from exiting.
 */
let spare: Started | undefined;

function takeChild(maxMemoryMb: number): Started {
  const alive = spare && spare.child.exitCode === null && spare.child.signalCode === null;
  const taken = alive && spare?.maxMemoryMb === maxMemoryMb ? spare : undefined;
  if (spare && !taken) spare.child.kill('SIGKILL');
  spare = undefined;
  return taken ?? start(maxMemoryMb);
}

function startSpare(maxMemoryMb: number) {
  if (spare) return;
  const started = start(maxMemoryMb);
  started.child.unref();
  started.child.channel?.unref();
  started.child.once('exit', () => {
    if (spare === started) spare = undefined;
  });
  spare = started;
}

/**
 * Kills every child, the one started ahead too: a server stopping does not leave a decoder
 * running with nobody watching its time and memory.
 */
export function stopUntrustedChildren() {
  spare = undefined;
  for (const child of live) child.kill('SIGKILL');
}

/**
 * Runs `task` of untrusted-child.ts on `input` in a child process of its own, within `limits`.
 * What the task throws comes back as the same kind of error (UnreadableFileError, AppError with
 * its status and code, or Error); a child killed for its time or memory, or one that dies while
 * decoding (a stack overflow in a parser), is an UnreadableFileError. A child that cannot start
 * at all is a plain Error: the server's fault, not the file's. With every child busy and
 * MAX_WAITING files waiting, a `refuse` caller gets a 503 DECODER_BUSY at once.
 */
export async function runUntrusted<K extends UntrustedTask>(
  task: K,
  input: Input<K>,
  limits: UntrustedLimits,
  whenBusy: WhenBusy = 'refuse',
): Promise<Output<K>> {
  const release = await takeSlot(whenBusy);
  try {
    const started = takeChild(limits.maxMemoryMb);
    startSpare(limits.maxMemoryMb);
    started.child.ref();
    started.child.channel?.ref();
    await started.ready;
    return (await runTask(started.child, task, input, limits)) as Output<K>;
  } finally {
    release();
  }
}

/**
 * Processor seconds the process has used (user and system), from /proc; undefined where there
 * is none (or the process has gone). A line that cannot be read as expected throws: the limit
 * must not be switched off quietly (NaN compares false), so the child is stopped.
 */
async function cpuSeconds(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  if (!Number.isFinite(seconds)) throw new Error(`unexpected /proc/${pid}/stat`);
  return seconds;
}

/** Lowers every thread of the child not lowered yet; the thread ids done are kept in `done`. */
async function lowerThreads(pid: number, done: Set<string>) {
  const threads = await readdir(`/proc/${pid}/task`).catch(() => [String(pid)]);
  for (const tid of threads) {
    if (done.has(tid)) continue;
    done.add(tid);
    try {
      setPriority(Number(tid), CHILD_NICENESS);
    } catch {
      // Not allowed on this system, or the thread has just ended: the limits still hold.
    }
  }
}

async function residentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s*(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function runTask(
  child: ChildProcess,
  task: string,
  input: unknown,
  limits: UntrustedLimits,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let refusal: string | undefined;
    const stop = (reason: string) => {
      refusal ??= reason;
      child.kill('SIGKILL');
    };
    const tooLong = `Decoding the file took more than ${limits.timeoutMs / 1000} s`;
    const timer = setTimeout(() => stop(tooLong), limits.timeoutMs * WAIT_FACTOR);
    // The processor time the child had used when it was given the task (its start, or its
    // idle wait as a spare, is not the file's).
    let before: number | undefined;
    let sent = false;
    const lowered = new Set<string>();
    const watch = setInterval(() => {
      const pid = child.pid;
      if (pid === undefined) return;
      // Linux only; elsewhere the wall clock and the JavaScript heap limit are the bound.
      void Promise.all([residentMb(pid), cpuSeconds(pid)]).then(
        async ([mb, cpu]) => {
          if (cpu !== undefined && cpu * 1000 > DEMOTE_AFTER_MS) await lowerThreads(pid, lowered);
          if (mb > limits.maxMemoryMb)
            stop(`Decoding the file needed more than ${limits.maxMemoryMb} MB`);
          if (cpu !== undefined && before !== undefined && (cpu - before) * 1000 > limits.timeoutMs)
            stop(tooLong);
        },
        (err: unknown) => stop(`The decoder could not be watched: ${String(err)}`),
      );
    }, POLL_MS);
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child.exitCode === null) child.kill('SIGKILL');
      outcome();
    };
    child.on('message', (message: ChildAnswer) =>
      finish(() => (message.ok ? resolve(message.result) : reject(errorOf(message)))),
    );
    child.on('error', (err) => finish(() => reject(err)));
    child.on('exit', (code, signal) =>
      finish(() =>
        reject(
          sent
            ? new UnreadableFileError(
                refusal ?? `The file could not be decoded (the decoder stopped: ${signal ?? code})`,
              )
            : // Died before it had the file (killed idle, out of memory): not the file's fault.
              new Error(`The decoding process stopped before the task (${signal ?? code})`),
        ),
      ),
    );
    const send = () => {
      if (settled) return;
      sent = true;
      child.send({ task, input });
    };
    if (child.pid === undefined) return send();
    void cpuSeconds(child.pid).then(
      (cpu) => {
        before = cpu;
        send();
      },
      (err: unknown) => stop(`The decoder could not be watched: ${String(err)}`),
    );
  });
}

function errorOf(answer: Extract<ChildAnswer, { ok: false }>): Error {
  if (answer.name === 'UnreadableFileError') return new UnreadableFileError(answer.message);
  if (answer.name === 'AppError' && answer.statusCode && answer.code)
    return new AppError(answer.statusCode, answer.code as AppError['code'], answer.message);
  return new Error(answer.message);
}

/**
 * A picture of at most 50 megapixels (profile pictures, site pictures) decodes in about 2 s and
 * 600 MB at most (an HEIC: libheif's pixels, their copy and sharp's).
 */
export const PICTURE_LIMITS: UntrustedLimits = { timeoutMs: 20_000, maxMemoryMb: 1024 };
/** An entry file: a 100-megapixel image, a 25 MB PDF or a presentation unzipping to 200 MB. */
export const ENTRY_FILE_LIMITS: UntrustedLimits = { timeoutMs: 120_000, maxMemoryMb: 2048 };
/** A catalogue spreadsheet of at most 10,000 rows, unzipped to at most 32 MB. */
export const SHEET_LIMITS: UntrustedLimits = { timeoutMs: 20_000, maxMemoryMb: 768 };
