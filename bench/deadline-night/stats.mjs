// Latencies and errors of one measured window, and their summary. See README.md.

/** The value below which `p` of the sorted values fall (nearest rank); NaN when there are none. */
function percentile(/** @type {number[]} */ sorted, /** @type {number} */ p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return /** @type {number} */ (sorted[rank]);
}

/** Every request's latency per step, the errors met, and the journeys done, in one window. */
export class Recorder {
  constructor(/** @type {string} */ name) {
    this.name = name;
    /** @type {Map<string, number[]>} latencies in ms, per step */
    this.latencies = new Map();
    /** @type {Map<string, number>} 'step: what went wrong' → how many times */
    this.errors = new Map();
    /** @type {Map<string, string>} the first answer's body per kind of error, to show */
    this.samples = new Map();
    /** Ms from asking for a pin until its email reached the SMTP sink. */
    /** @type {number[]} */
    this.pinWaits = [];
    /** Ms from the pay button until the confirmation page shows the order paid. */
    /** @type {number[]} */
    this.paymentWaits = [];
    /** Requests that got no answer (a refused or reset connection, a timeout). */
    this.unanswered = 0;
    this.journeys = 0;
    this.startedAt = performance.now();
    /** @type {number | undefined} */
    this.endedAt = undefined;
  }

  /** A request that got an answer, whatever its status. */
  record(/** @type {string} */ step, /** @type {number} */ ms) {
    let list = this.latencies.get(step);
    if (!list) this.latencies.set(step, (list = []));
    list.push(ms);
  }

  /**
   * A request answered with a status (or body) the journey did not expect, or not answered at
   * all (`answered` false: it is then in no latency list).
   */
  error(/** @type {string} */ step, /** @type {string} */ what, answered = true, sample = '') {
    if (!answered) this.unanswered++;
    const key = `${step}: ${what}`;
    if (sample && !this.samples.has(key)) this.samples.set(key, sample);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  end() {
    this.endedAt ??= performance.now();
  }
}

/**
 * @typedef {{ step: string, count: number, p50: number, p99: number }} StepSummary
 * @typedef {{
 *   name: string, seconds: number, requests: number, rps: number, p50: number, p99: number,
 *   errors: number, errorRate: number, errorKinds: [string, number][], journeys: number,
 *   pinWaitP50: number, pinWaitP99: number, pinWaitMax: number, pinWaitCount: number, paidP50: number, paidP99: number,
 *   steps: StepSummary[],
 * }} Summary
 */

/**
 * Steps left out of the window's p50 and p99 (still counted in its requests per second, and
 * shown per step): the sandbox pay page's post stands for the bank's page, and holds the answer
 * until the payment's notification job has run (up to 10 s), which no request of ours does with
 * PayFast, whose page is not ours. The family's wait for it is "paid after".
 */
const NOT_A_PAGE_REQUEST = new Set(['pay: pay']);

/** Requests per second, p50 and p99 over the requests (NOT_A_PAGE_REQUEST aside), and per step. */
export function summarise(/** @type {Recorder} */ r) {
  const seconds = ((r.endedAt ?? performance.now()) - r.startedAt) / 1000;
  /** @type {number[]} */
  const all = [];
  let requests = 0;
  /** @type {StepSummary[]} */
  const steps = [];
  for (const [step, list] of r.latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    requests += list.length;
    if (!NOT_A_PAGE_REQUEST.has(step)) all.push(...list);
    steps.push({
      step,
      count: list.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    });
  }
  all.sort((a, b) => a - b);
  const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
  // Requests never answered count in the error rate's denominator too.
  const attempts = requests + r.unanswered;
  const pins = [...r.pinWaits].sort((a, b) => a - b);
  const paid = [...r.paymentWaits].sort((a, b) => a - b);
  /** @type {Summary} */
  const summary = {
    name: r.name,
    seconds,
    requests,
    rps: requests / seconds,
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    errors,
    errorRate: attempts === 0 ? 0 : errors / attempts,
    errorKinds: [...r.errors.entries()],
    journeys: r.journeys,
    pinWaitP50: percentile(pins, 0.5),
    pinWaitP99: percentile(pins, 0.99),
    pinWaitMax: pins.at(-1) ?? NaN,
    pinWaitCount: pins.length,
    paidP50: percentile(paid, 0.5),
    paidP99: percentile(paid, 0.99),
    steps,
  };
  return summary;
}

/** A number for a table: fixed decimals, '-' when there is none. */
export function fmt(/** @type {number} */ n, digits = 1) {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}
