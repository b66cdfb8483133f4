// The journey's figures as a table: per tap, the median over the runs and their spread, and,
// with a baseline, the ratio of this checkout's median to the baseline's.

/** Feedback later than this is a miss (issue 32). */
const FEEDBACK_GOAL_MS = 100;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** @param {number[]} values */
function spread(values) {
  return values.length > 1 ? ` (${Math.min(...values)}–${Math.max(...values)})` : '';
}

/**
 * @param {(number | null)[]} values null: no change seen before the screen was usable
 * @param {import('./journey.mjs').AnsweredBy} by
 */
function cell(values, by) {
  if (by !== 'app') return `the ${by}'s`;
  const seen = values.filter((v) => v !== null);
  if (seen.length < values.length) return `none seen in ${values.length - seen.length}`;
  return `${Math.round(median(seen))}${spread(seen)}`;
}

/**
 * @param {Record<string, import('./journey.mjs').Journey[]>} walks by server name
 * @param {string[]} names baseline first when there is one
 */
export function report(walks, names) {
  const lines = [];
  for (const name of names) {
    const runs = walks[name] ?? [];
    const first = runs[0];
    if (!first) continue;
    lines.push(`## ${name}: ms from the tap, median of ${runs.length} (spread)`);
    lines.push('| part | tap | feedback | usable screen |');
    lines.push('| --- | --- | --- | --- |');
    first.taps.forEach((tap, i) => {
      const at = runs.map((r) => r.taps[i]);
      lines.push(
        `| ${tap.part} | ${tap.step} | ${cell(
          at.map((t) => t?.feedback ?? null),
          tap.by,
        )} | ` +
          `${
            tap.by === 'phone'
              ? 'the picker'
              : cell(
                  at.map((t) => t?.usable ?? null),
                  'app',
                )
          } |`,
      );
    });
    const feedbacks = runs.flatMap((r) =>
      r.taps.filter((t) => t.by === 'app').map((t) => t.feedback),
    );
    const late = feedbacks.filter((f) => f === null || f > FEEDBACK_GOAL_MS).length;
    lines.push('');
    for (const part of ['to a paid entry', 'to a finalised upload']) {
      const taps = first.taps.filter((t) => t.part === part).length;
      lines.push(`- ${part}: ${taps} taps, ${first.typed[part] ?? 0} fields typed`);
    }
    lines.push(
      `- the app's feedback later than ${FEEDBACK_GOAL_MS} ms (or none): ${late} of ${feedbacks.length} taps ` +
        `(all runs; the file picker and the provider's pay page are not the app's)`,
    );
    for (const [wait, values] of Object.entries(waitsOf(runs))) {
      lines.push(`- ${wait}: ${Math.round(median(values))} ms${spread(values)}`);
    }
    lines.push('');
  }
  if (names.length === 2) lines.push(...comparison(walks, names[0] ?? '', names[1] ?? ''));
  return lines.join('\n');
}

/** @param {import('./journey.mjs').Journey[]} runs */
function waitsOf(runs) {
  /** @type {Record<string, number[]>} */
  const waits = {};
  for (const run of runs) {
    for (const [wait, ms] of Object.entries(run.waits)) (waits[wait] ??= []).push(ms);
  }
  return waits;
}

/**
 * The sums of the per-tap medians, this checkout over the baseline.
 * @param {Record<string, import('./journey.mjs').Journey[]>} walks
 * @param {string} before
 * @param {string} after
 */
function comparison(walks, before, after) {
  /** @param {string} name @param {'feedback' | 'usable'} what */
  const total = (name, what) => {
    const runs = walks[name] ?? [];
    return (runs[0]?.taps ?? []).reduce(
      (sum, tap, i) =>
        tap.by === 'app'
          ? sum + median(runs.map((r) => r.taps[i]?.[what] ?? r.taps[i]?.usable ?? 0))
          : sum,
      0,
    );
  };
  const lines = [`## ${after} against ${before} (the app's taps)`];
  for (const what of /** @type {const} */ (['feedback', 'usable'])) {
    const a = total(after, what);
    const b = total(before, what);
    lines.push(
      `- sum of the taps' median ${what === 'usable' ? 'time to a usable screen' : 'time to feedback'}: ` +
        `${Math.round(a)} ms against ${Math.round(b)} ms, ratio ${(a / b).toFixed(2)}`,
    );
  }
  return lines;
}
