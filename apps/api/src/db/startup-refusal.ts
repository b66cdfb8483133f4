/**
 * A reason the server or a command will not go on that the operator must act on: its message
 * says what and what to do, and is printed alone, without a stack (server.ts, the commands).
 */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

/**
 * Waits for `work`; when it refuses, says why on stderr and ends the process (exit code 1),
 * as server.ts does for a wrong setting. Any other failure is thrown with its stack.
 */
export async function exitOnRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof StartupRefusal)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
