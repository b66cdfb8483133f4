// The error for a file we cannot clean, apart from index.ts so that every format's module can throw
// it without importing index.ts, which imports them all.

/** The file is not what its extension says, is damaged, encrypted, or too big to decode safely. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
}

/** What to throw when parsing the `what` failed: an UnreadableFileError as it is, anything else wrapped. */
export function unreadable(what: string, cause: unknown): UnreadableFileError {
  if (cause instanceof UnreadableFileError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UnreadableFileError(`Cannot read the ${what}: ${reason}`, { cause });
}
