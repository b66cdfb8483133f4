import { expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

it('runs work for one key in turn, other keys alongside, and goes on after a failure', async () => {
  const run = oneAtATime<number>();
  const log: string[] = [];
  const step =
    (name: string, ms: number, fail = false) =>
    async () => {
      log.push(`${name} starts`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([
    run(1, step('a', 30, true)),
    run(1, step('b', 10)),
    run(2, step('c', 5)),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  // b waited for a; c (another key) did not.
  expect(log.indexOf('b starts')).toBeGreaterThan(log.indexOf('a ends'));
  expect(log.indexOf('c ends')).toBeLessThan(log.indexOf('a ends'));
});
