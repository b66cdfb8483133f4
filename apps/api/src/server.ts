import { buildApp } from './app.ts';
import { parseConfig, type Config } from './config/env.ts';
import { prepareDatabase } from './db/prepare.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { loadAuthSecret } from './lib/auth-secret.ts';
import { stopUntrustedChildren } from './lib/untrusted.ts';
import { localRunWarning } from './config/local-run.ts';
import { bootstrapOrganiser } from './modules/staff-members/index.ts';

/** Starts the server and stops it cleanly on SIGINT/SIGTERM: no new requests, then close. */
let config: Config;
try {
  config = parseConfig();
} catch (err) {
  // A missing or wrong setting is the operator's to fix: say which, without a stack trace.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// A database this release must not run on (db/migrate.ts) is said plainly, as a setting is.
// The bootstrap organiser (ORGANISER_BOOTSTRAP_EMAIL) is made under the migrations' lock.
const log = (message: string) => console.log(message);
const database = await exitOnRefusal(
  prepareDatabase(config, log, (db) =>
    bootstrapOrganiser(db, config.ORGANISER_BOOTSTRAP_EMAIL, log),
  ),
);
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
  // Past 15 s the process goes, and so do the decoders of files it still had (decision 030):
  // none keeps decoding with nobody watching its time and memory. Their jobs are retried.
  const force = setTimeout(() => {
    stopUntrustedChildren();
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    stopUntrustedChildren();
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
  // A string address is a pipe or socket path, which listen() is never given here.
  const bound = app.addresses().filter((a) => typeof a !== 'string');
  console.warn(localRunWarning(config, bound));
}
