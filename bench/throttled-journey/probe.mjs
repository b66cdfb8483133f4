// What the page itself records of each tap, in wall-clock milliseconds (Date.now(), one clock
// for every document of the tab, so that a tap whose answer is a new document is measured too;
// performance.timeOrigin differs by tens of milliseconds between a tab's processes): when the
// finger went down, and the first frame after the page changed because of it. Kept in
// sessionStorage, which a new document of the same tab still reads.

/**
 * @typedef {{ tapAt: number | null, feedbackAt: number | null, what: string | null }} Mark
 */

/** Installed in every document before its own scripts (page.addInitScript). */
export const PROBE = `(() => {
  const KEY = 'bench.journey';
  const now = () => Date.now();
  const read = () => JSON.parse(sessionStorage.getItem(KEY) || '{"tapAt":null,"feedbackAt":null,"what":null}');
  const write = (mark) => sessionStorage.setItem(KEY, JSON.stringify(mark));
  window.__benchTap = (what) => write({ tapAt: now(), feedbackAt: null, what });
  window.__benchRead = () => ({ ...read(), now: now() });
  // Until a document has painted, what its parser inserts is not yet on the screen.
  let painted = false;
  const seen = (what) => {
    if (!painted) return;
    const mark = read();
    if (mark.tapAt === null || mark.feedbackAt !== null) return;
    // The frame that shows the change: a requestAnimationFrame callback runs just before it.
    requestAnimationFrame(() => {
      const again = read();
      if (again.feedbackAt === null) write({ ...again, feedbackAt: now(), what });
    });
  };
  // The tap is the finger's release (the click), timed when the browser took it in, not when
  // a busy page got round to it. A change already shown while the finger was down counts as
  // at once.
  const inputTime = (event) => Date.now() - performance.now() + event.timeStamp;
  addEventListener('pointerdown', (event) => write({ tapAt: inputTime(event), feedbackAt: null, what: null, down: true }), true);
  addEventListener('click', (event) => {
    const mark = read();
    const at = inputTime(event);
    write(mark.down && mark.feedbackAt !== null
      ? { ...mark, tapAt: at, feedbackAt: at, down: false }
      : { ...mark, tapAt: at, feedbackAt: null, down: false });
  }, true);
  // Focus and hover marks are the browser's own immediate feedback, not the app's answer.
  const IGNORED = new Set(['data-focus', 'data-hovered', 'data-active', 'data-pressed']);
  const meaningful = (m) =>
    !(m.target === document.head || document.head?.contains(m.target)) &&
    !(m.type === 'attributes' && IGNORED.has(m.attributeName));
  new MutationObserver((mutations) => {
    const first = mutations.find(meaningful);
    if (first) seen(first.type + ':' + (first.target.nodeName || '?'));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  // A new document answering the tap (a full page load): its first contentful paint.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue;
      painted = true;
      const mark = read();
      if (mark.tapAt !== null && mark.feedbackAt === null) {
        write({ ...mark, feedbackAt: Date.now() - performance.now() + entry.startTime, what: 'new page' });
      }
    }
  }).observe({ type: 'paint', buffered: true });
})();`;
