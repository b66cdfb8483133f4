import type { ParsedEnv } from './env.ts';

// What env.ts's parseConfig refuses: settings a production server cannot run without, and
// settings that are wrong together anywhere.

export type Problem = { path: string; message: string };

/**
 * The settings a production server cannot run without. Each is a promise made to families:
 * links that reach the site, money that really moves, and tokens nobody else can sign.
 */
export function productionProblems(c: ParsedEnv): Problem[] {
  const problems: Problem[] = [];
  if (c.AUTH_SECRET === undefined) {
    problems.push({ path: 'AUTH_SECRET', message: 'required in production (32+ characters)' });
  }
  if (c.PUBLIC_URL === undefined) {
    problems.push({
      path: 'PUBLIC_URL',
      message: 'required in production: the address families use, for links in messages',
    });
  }
  if (c.PUBLIC_URL !== undefined && !servedSecurely(c.PUBLIC_URL)) {
    problems.push({
      path: 'PUBLIC_URL',
      message:
        "must be https in production: the sign-in cookie is secure, so browsers would drop it over http, and families' links would travel in clear (TLS at the reverse proxy: docs/operations/reverse-proxy.md)",
    });
  }
  const downloads = c.S3_PUBLIC_ENDPOINT ?? c.S3_ENDPOINT;
  if (c.STORAGE_DRIVER === 's3' && downloads && !downloads.startsWith('https://')) {
    problems.push({
      path: c.S3_PUBLIC_ENDPOINT ? 'S3_PUBLIC_ENDPOINT' : 'S3_ENDPOINT',
      message:
        "browsers download files from it with signed links: in production it must be https (set S3_PUBLIC_ENDPOINT to the bucket's public https address)",
    });
  }
  if (c.DATABASE_URL && !c.REDIS_URL && !c.SINGLE_INSTANCE) {
    problems.push({
      path: 'REDIS_URL',
      message:
        'required on PostgreSQL, where several instances may share the database: without it each instance locks uploads and counts rate limits on its own (set SINGLE_INSTANCE=true if exactly one instance runs)',
    });
  }
  // Redis and a bucket are what instances share; naming them says there are several. Without a
  // shared database each would run its own embedded one in its DATA_DIR, in silence: a family
  // registered on one instance would not exist on the next (decision 037).
  const shared = [
    ...(c.REDIS_URL ? ['REDIS_URL'] : []),
    ...(c.STORAGE_DRIVER === 's3' ? ['STORAGE_DRIVER=s3'] : []),
  ];
  if (!c.DATABASE_URL && shared.length > 0 && !c.SINGLE_INSTANCE) {
    problems.push({
      path: 'DATABASE_URL',
      message: `required in production with ${shared.join(' and ')}, which instances share: without it every instance runs its own embedded database and families' data splits between them (set SINGLE_INSTANCE=true if exactly one instance runs)`,
    });
  }
  // A 'web' instance leaves certificates, file processing, deletions and the sweeps to others:
  // alone (one instance, or an embedded database no other process shares) nothing would do them.
  if (c.INSTANCE_ROLE === 'web' && (c.SINGLE_INSTANCE || !c.DATABASE_URL)) {
    problems.push({
      path: 'INSTANCE_ROLE',
      message:
        "'web' needs other instances on the same PostgreSQL (DATABASE_URL) to work the background jobs: alone, certificates, file processing and erasures' deletions would never run",
    });
  }
  if (c.PAYMENT_PROVIDER === undefined) {
    problems.push({ path: 'PAYMENT_PROVIDER', message: "required in production ('payfast')" });
  } else if (enabledProviders(c).includes('sandbox') && !c.ALLOW_SANDBOX_PAYMENTS) {
    problems.push({
      path: c.PAYMENT_PROVIDER === 'sandbox' ? 'PAYMENT_PROVIDER' : 'PAYMENT_PROVIDERS',
      message:
        "'sandbox' marks orders paid with no money moved: in production only with ALLOW_SANDBOX_PAYMENTS=true (a staging site)",
    });
  }
  return problems;
}

/**
 * https, or http on this machine's loopback: browsers treat localhost and 127.0.0.1 as secure
 * (the secure cookie is kept) and nobody else can reach them, which lets a production build be
 * measured on one machine (bench/) without a certificate.
 */
function servedSecurely(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'https:' ||
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** Settings that are wrong together whatever the environment. */
export function consistencyProblems(c: ParsedEnv): Problem[] {
  const problems: Problem[] = [];
  if (enabledProviders(c).includes('payfast')) {
    const by =
      c.PAYMENT_PROVIDER === 'payfast'
        ? 'PAYMENT_PROVIDER=payfast'
        : 'payfast in PAYMENT_PROVIDERS';
    for (const name of [
      'PAYFAST_MERCHANT_ID',
      'PAYFAST_MERCHANT_KEY',
      // Without it PayFast's ITN signature can be made by anyone from the public fields.
      'PAYFAST_PASSPHRASE',
    ] as const) {
      if (!c[name]) problems.push({ path: name, message: `required with ${by}` });
    }
  }
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
    problems.push({ path: 'S3_BUCKET', message: 'required when STORAGE_DRIVER is s3' });
  }
  return problems;
}

/** The providers that take payments: PAYMENT_PROVIDER (the sandbox unless set), then the others. */
export function enabledProviders(c: ParsedEnv): string[] {
  return [...new Set([c.PAYMENT_PROVIDER ?? 'sandbox', ...c.PAYMENT_PROVIDERS])];
}
