// Caps a process's CPU with a cgroup of its own (v2 `cpu.max`, or v1 `cpu.cfs_quota_us`), so
// that each API instance has what a production instance has, whatever the rest of this small
// machine does. See README.md ("Capped instances").
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A short period: a burst of threads (garbage collection, crypto) that spends the quota early
// stalls the process for the rest of the period, which a long period would turn into latency.
const PERIOD_US = 10_000;

/** Where a new cgroup with a CPU limit can be made here, and how; undefined when nowhere. */
function hierarchy() {
  const v2 = '/sys/fs/cgroup';
  const controllers = path.join(v2, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
    return {
      dir: v2,
      limit: (/** @type {string} */ dir, /** @type {number} */ quota) =>
        writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`),
    };
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us')))
    return {
      dir: v1,
      limit: (/** @type {string} */ dir, /** @type {number} */ quota) => {
        writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
      },
    };
  return undefined;
}

/**
 * Moves `pid` (all its threads, and what it starts later) into a new cgroup limited to `cores`
 * CPUs. Throws when the machine has no CPU controller this process may write to.
 * @returns {{ remove: () => void }} call `remove` once the process has exited
 */
export function capCpu(
  /** @type {number} */ pid,
  /** @type {number} */ cores,
  /** @type {string} */ name,
) {
  const h = hierarchy();
  if (!h) throw new Error('BENCH_INSTANCE_CPUS needs a cgroup CPU controller (none found)');
  const dir = path.join(h.dir, `bench-deadline-night-${process.pid}-${name}`);
  mkdirSync(dir);
  h.limit(dir, Math.round(cores * PERIOD_US));
  writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  return {
    remove() {
      try {
        rmdirSync(dir);
      } catch {
        // Still holding a process (it did not exit): left for the machine's next restart.
      }
    },
  };
}
