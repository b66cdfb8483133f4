/**
 * Errors as the logs keep them: what went wrong and where, never the values involved (issue 30).
 * A failed query's error carries its parameters (names, emails, pins, tokens) in its message, its
 * stack and a `params` field (Drizzle), and PostgreSQL's `detail` quotes the offending row
 * ("Key (email)=(thandi@example.org) already exists"). pino's own serializer writes every field.
 */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  /** SQLSTATE, Node's or a library's error code. */
  code?: string;
  /** Where in the database, by name only. */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  statusCode?: number;
  cause?: LoggedError;
};

/** Drizzle's "params: ..." section, and a value PostgreSQL quotes after a colon. */
function withoutValues(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]')
    .replace(/: "(?:[^"\\]|\\.)*"/g, ': [value not logged]');
}

const KEPT_NAMES = ['constraint', 'table', 'column', 'routine'] as const;

export function logSafeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    return {
      type: typeof err,
      message: '[a thrown value that is not an Error: not logged]',
      stack: '',
    };
  }
  const fields = err as Error & Record<string, unknown>;
  const logged: LoggedError = {
    type: err.constructor?.name || err.name,
    message: withoutValues(err.message),
    stack: withoutValues(err.stack ?? ''),
  };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  for (const name of KEPT_NAMES) {
    if (typeof fields[name] === 'string') logged[name] = fields[name];
  }
  if (err.cause !== undefined && depth < 4) logged.cause = logSafeError(err.cause, depth + 1);
  return logged;
}
