/**
 * Runs work for one key at a time within this process; work for other keys runs alongside.
 * For the embedded database, where one process is the whole deployment: it stands in for a row
 * lock that would otherwise hold PGlite's one connection (and every other request) while slow
 * work such as rendering a PDF runs.
 */
export function oneAtATime<K>() {
  const tails = new Map<K, Promise<unknown>>();
  return async function run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const result = before.then(work, work);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      // The last in line clears its key, so the map holds only keys with work pending.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
