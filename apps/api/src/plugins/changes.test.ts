import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('runs the announcing instance’s handlers at once, once, and the other instances’ soon after', async () => {
  const other = await t.anotherInstance();
  const heardHere: (string | undefined)[] = [];
  const heardThere: (string | undefined)[] = [];
  t.app.changes.on('test-topic', (detail) => heardHere.push(detail));
  other.changes.on('test-topic', (detail) => heardThere.push(detail));

  t.app.changes.announce('test-topic', '7');
  // Before any await: a caller that answers right after announcing (a school renamed, then a
  // family's form checked against the list) must not meet its own stale cache. On PostgreSQL the
  // notification's round trip used to come after the answer.
  expect(heardHere).toEqual(['7']);

  const until = Date.now() + 5000;
  while (heardThere.length === 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(heardThere).toEqual(['7']);
  // Its own notification's echo does not run the handlers a second time.
  await new Promise((r) => setTimeout(r, 200));
  expect(heardHere).toEqual(['7']);
});
