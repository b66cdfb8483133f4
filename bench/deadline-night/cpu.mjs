// Where the machine's CPU went during a window, per part (Linux /proc): the instances, the
// proxy, the load generator, PostgreSQL, Redis, and everything else. See README.md.
import { readFileSync, readdirSync } from 'node:fs';

/** Parts found by command name: PostgreSQL runs a process per connection. */
const BY_COMMAND = { postgres: 'postgres', redis: 'redis-server' };

/** USER_HZ: clock ticks per second in /proc, 100 on Linux. */
const HZ = 100;

/** CPU ticks a process has used so far (user + system); 0 once it is gone. */
function ticksOf(/** @type {number} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Every process whose command name is `name` (postgres runs one per connection). */
function pidsNamed(/** @type {string} */ name) {
  /** @type {number[]} */
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Busy and total ticks of all cores together. */
function machine() {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * A snapshot now; `share(snapshot)` later gives each part's CPU since, in cores (1.0 = one
 * core busy all the time), and the machine's.
 * @param {Record<string, number[]>} parts named groups of process ids we started
 */
export function cpuSnapshot(parts) {
  const named = { ...parts };
  for (const [part, command] of Object.entries(BY_COMMAND)) named[part] = pidsNamed(command);
  /** @type {Map<number, number>} */
  const ticks = new Map();
  for (const pids of Object.values(named)) for (const pid of pids) ticks.set(pid, ticksOf(pid));
  return { named, ticks, machine: machine(), at: performance.now() };
}

/** @returns {Record<string, number>} cores used per part since the snapshot, 'other' and 'machine' */
export function cpuSince(/** @type {ReturnType<typeof cpuSnapshot>} */ from) {
  const seconds = (performance.now() - from.at) / 1000;
  /** @type {Record<string, number>} */
  const cores = {};
  let accounted = 0;
  for (const [name, before] of Object.entries(from.named)) {
    let used = 0;
    // A process that began after the snapshot (a new PostgreSQL backend, as pools replace idle
    // connections) counts whole; one that began and ended in between is missed.
    const command = BY_COMMAND[/** @type {keyof typeof BY_COMMAND} */ (name)];
    const pids = command ? new Set([...before, ...pidsNamed(command)]) : before;
    for (const pid of pids) used += Math.max(0, ticksOf(pid) - (from.ticks.get(pid) ?? 0));
    cores[name] = used / HZ / seconds;
    accounted += cores[name];
  }
  const now = machine();
  const busyCores =
    ((now.busy - from.machine.busy) / Math.max(1, now.total - from.machine.total)) *
    coresOnMachine();
  cores.other = Math.max(0, busyCores - accounted);
  cores.machine = busyCores;
  return cores;
}

function coresOnMachine() {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l)).length;
}
