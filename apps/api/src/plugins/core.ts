import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { createSignedLinks, type SignedLinks } from '../lib/signed-links.ts';
import { createTokenService, type TokenService } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    /** The clock every service reads (tests move it). */
    now: () => number;
    /** Signs tokens, pin hashes, payment references and upload permissions. */
    authSecret: string;
    tokens: TokenService;
    /** Links to entry files that carry their own permission (lib/signed-links.ts). */
    signedLinks: SignedLinks;
  }
}

interface CoreOptions {
  config: Config;
  database: DatabaseHandle;
  authSecret: string;
  now: () => number;
}

/** How long a signed link to an entry file or certificate stays valid. */
const LINK_TTL_SECONDS = 4 * 3600;

/** What every module reads: the settings, the database, the clock and the secrets' uses. */
export default fp<CoreOptions>(
  async (app, { config, database, authSecret, now }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('now', now);
    app.decorate('authSecret', authSecret);
    app.decorate('tokens', createTokenService(authSecret, now));
    app.decorate('signedLinks', createSignedLinks(authSecret, LINK_TTL_SECONDS, now));
  },
  { name: 'core' },
);
