import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStaffRole } from '@eisteddfod/shared';
import { parseConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { addStaffMember } from './modules/staff-members/index.ts';

/**
 * `npm run staff:add -- --email x@example.org --role organiser [--first-name A --surname B]`:
 * gives the account of that email a staff role, creating it when there is none.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'organiser' },
    'first-name': { type: 'string' },
    surname: { type: 'string' },
  },
});
if (
  !values.email ||
  !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email) ||
  !isStaffRole(values.role)
) {
  console.error(
    'Usage: npm run staff:add -- --email someone@example.org --role organiser|adjudicator [--first-name A --surname B]',
  );
  process.exit(2);
}
const config = parseConfig(undefined, { purpose: 'tool' });
// Refused, said plainly, while the server holds the embedded database (db/pglite-lock.ts).
const database = await exitOnRefusal(
  openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
);
const { email, role } = values;
await exitOnRefusal(
  migrateDatabase(database, async () => {
    const outcome = await addStaffMember(database.db, {
      email,
      role,
      firstName: values['first-name'],
      surname: values.surname,
    });
    const what = {
      created: 'created',
      promoted: 'given the role',
      unchanged: 'already had the role',
    }[outcome.kind];
    console.log(`${email}: account ${outcome.customerId} ${what} ${role}.`);
  }),
);
await database.close();
