import { buildApp } from './app.ts';
import { parseConfig, type Config } from './config/env.ts';
import { prepareDatabase } from './db/prepare.ts';
import { loadAuthSecret } from './lib/auth-secret.ts';
import { localRunWarning } from './config/local-run.ts';

/** Starts the server and stops it cleanly on SIGINT/SIGTERM: no new requests, then close. */
let config: Config;
try {
  config = parseConfig();
} catch (err) {
  // A missing or wrong setting is the operator's to fix: say which, without a stack trace.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const database = await prepareDatabase(config, (m) => console.log(m));
// A test server's clock can be moved by browser journeys (POST /api/dev/clock, decision 026);
// every other environment reads the system clock and has no such route.
let offset = 0;
const testClock =
  config.NODE_ENV === 'test'
    ? { now: () => Date.now() + offset, setNow: (ms: number) => (offset = ms - Date.now()) }
    : {};
const app = await buildApp({ config, database, authSecret: loadAuthSecret(config), ...testClock });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`Eisteddfod portal on ${config.PUBLIC_URL} (database: ${database.kind})`);
if (config.devTools) {
  // Said on the console whatever LOG_LEVEL is: this mode must never face the internet.
  console.warn(localRunWarning(config));
}
