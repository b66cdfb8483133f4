import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRoot } from '../lib/paths.ts';
import { parseConfig } from './env.ts';

/**
 * The deployment files (decision 040) hold what the server demands: this machine has no
 * container engine to build the image or start the compose file, so their invariants are
 * checked here, and every setting they give the server goes through parseConfig as production.
 * `node deploy/rehearse-image.mjs` runs the Dockerfile's own commands without an engine.
 */
const repo = path.resolve(apiRoot(), '../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface Instruction {
  keyword: string;
  text: string;
}

/** The Dockerfile's stages: continuation lines joined, comments dropped. */
function dockerfileStages(): { from: string; steps: Instruction[] }[] {
  const stages: { from: string; steps: Instruction[] }[] = [];
  const lines = read('Dockerfile').replace(/\\\n/g, ' ').split('\n');
  for (const line of lines.map((l) => l.trim())) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line);
    if (!match || line.startsWith('#')) continue;
    const [, keyword, text] = match as unknown as [string, string, string];
    if (keyword === 'FROM') stages.push({ from: text, steps: [] });
    else stages.at(-1)?.steps.push({ keyword, text });
  }
  return stages;
}

/** KEY=value lines of an env file, as compose and systemd read them (quotes removed). */
function envFile(file: string): Record<string, string> {
  const entries = read(file)
    .split('\n')
    .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
    .map((l) => {
      const at = l.indexOf('=');
      return [l.slice(0, at), l.slice(at + 1).replace(/^"(.*)"$/, '$1')] as const;
    });
  return Object.fromEntries(entries);
}

/** Values for what the examples leave for the operator: a secret, or an address. */
const SECRET = 'a-secret-of-forty-characters-0123456789ab';
const filled = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [
      k,
      v !== '' ? v : k.endsWith('_EMAIL') ? 'first.organiser@example.org' : SECRET,
    ]),
  );

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?message} and $$. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (whole, name?: string, op?: string, arg?: string) => {
      if (whole === '$$') return '$';
      const value = vars[name!];
      if (value !== undefined && value !== '') return value;
      if (op === '?') throw new Error(`${name}: ${arg}`);
      return op === '-' ? arg! : '';
    },
  );
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  volumes?: string[];
}

/** Compose parses the YAML first, then interpolates every string value in it. */
function interpolateAll(node: unknown, vars: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((n) => interpolateAll(n, vars));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, interpolateAll(v, vars)] as const),
    );
  }
  return node;
}

function compose(vars: Record<string, string>): { services: Record<string, ComposeService> } {
  const parsed: unknown = parse(read('deploy/compose.yaml'), { merge: true });
  return interpolateAll(parsed, vars) as { services: Record<string, ComposeService> };
}

/** The variables README's configuration table lists (its first column). */
function documentedSettings(): Set<string> {
  const readme = read('README.md');
  const start = readme.indexOf('## Configuration');
  const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const names = table
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return new Set(names);
}

describe('the image (Dockerfile)', () => {
  const stages = dockerfileStages();
  const runtime = stages.at(-1)!;
  const runs = runtime.steps.filter((s) => s.keyword === 'RUN').map((s) => s.text);

  it('builds in one stage and runs from another, on Debian, with Node the project supports', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const version = /^ARG NODE_VERSION=(\d+)\.(\d+)/m.exec(read('Dockerfile'));
    const [major, minor] = [Number(version?.[1]), Number(version?.[2])];
    expect(major > 20 || (major === 20 && minor >= 19), 'package.json engines: >=20.19').toBe(true);
    for (const stage of stages) expect(stage.from).toMatch(/-bookworm-slim\b/);
  });

  it('runs with production dependencies only, from the lockfile', () => {
    expect(runs.some((r) => /\bnpm ci\b.*--omit=dev/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm (install|i)\b/.test(r))).toBe(false);
    // Only named folders and the build's output reach it, never the whole context.
    const copies = runtime.steps.filter((s) => s.keyword === 'COPY').map((s) => s.text);
    expect(copies.some((c) => /^\.\s/.test(c) || /\s\.\s/.test(c))).toBe(false);
    // What the server reads at run time (lib/paths.ts): its bundle, migrations, demo data, web.
    for (const needed of ['apps/api/dist', 'apps/api/drizzle', 'apps/api/data', 'apps/web/dist']) {
      expect(copies.some((c) => c.endsWith(` ${needed}`))).toBe(true);
    }
  });

  it("has Debian's ffmpeg, without which a production server refuses to start", () => {
    expect(runs.some((r) => /apt-get install .*\bffmpeg\b/.test(r))).toBe(true);
  });

  it('runs as a user without privileges, in production, and checks its health', () => {
    const user = runtime.steps.filter((s) => s.keyword === 'USER').at(-1)?.text;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const env = runtime.steps.filter((s) => s.keyword === 'ENV').map((s) => s.text);
    expect(env.join(' ')).toMatch(/\bNODE_ENV=production\b/);
    const health = runtime.steps.find((s) => s.keyword === 'HEALTHCHECK')?.text;
    expect(health).toMatch(/\/(healthz|readyz)\b/);
    const cmd = runtime.steps.find((s) => s.keyword === 'CMD')?.text;
    expect(JSON.parse(cmd!)).toEqual(['node', 'apps/api/dist/server.js']);
  });

  it('keeps local state, build output and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('the scaled deployment (deploy/compose.yaml)', () => {
  const example = envFile('deploy/env.example');
  const { services } = compose(filled(example));
  const apps = Object.entries(services).filter(([, s]) => s.build?.dockerfile === 'Dockerfile');

  it('will not start until the operator has filled in every secret', () => {
    expect(() => compose(example)).toThrow(/AUTH_SECRET/);
  });

  it('runs two instances of the image with exactly the same settings', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(apps[0]![1].environment).toEqual(apps[1]![1].environment);
  });

  it("gives each instance settings that a production server accepts, and README's names", () => {
    const documented = documentedSettings();
    for (const [name, service] of apps) {
      const env = service.environment!;
      expect(
        Object.keys(env).filter((k) => !documented.has(k)),
        name,
      ).toEqual([]);
      const config = parseConfig(env);
      expect(config).toMatchObject({
        isProduction: true,
        PAYMENT_PROVIDER: 'payfast',
        PAYFAST_HOST: 'https://www.payfast.co.za',
        STORAGE_DRIVER: 's3',
        SINGLE_INSTANCE: false,
      });
      expect(config.PUBLIC_URL).toBe(`https://${example.DOMAIN}`);
      expect(config.TRUST_PROXY).not.toBe(false);
      // Each shared part is a service of this file.
      for (const url of [env.DATABASE_URL, env.REDIS_URL, env.S3_ENDPOINT, env.SMTP_URL]) {
        expect(Object.keys(services)).toContain(new URL(url!).hostname);
      }
      expect(service.volumes?.some((v) => v.endsWith(':/data'))).toBe(true);
      expect(service.volumes?.some((v) => v.endsWith(':/tmp'))).toBe(true);
    }
  });

  it('names every variable it reads in deploy/env.example', () => {
    const used = [...read('deploy/compose.yaml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!);
    expect([...new Set(used)].filter((v) => !(v in example))).toEqual([]);
  });

  it('balances both instances on /readyz behind a body limit tus PATCHes pass, keeping operator calls and the bucket from the public', () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddy).toMatch(/health_uri \/readyz/);
    // From outside: no operator figures, and only signed GET/HEAD downloads reach the bucket.
    expect(caddy).toMatch(/@operators path \/metrics \/readyz\n\s*respond @operators 404/);
    const files = caddy.slice(caddy.indexOf('files.{$DOMAIN}'));
    expect(files).toMatch(/method GET HEAD\n\s*query X-Amz-Signature=\*/);
    expect(files).toMatch(/handle @signed \{\n\s*reverse_proxy minio:9000/);
    expect(files).toMatch(/\n\trespond 403\n\}/);
    const limit = /max_size (\d+)MB/.exec(caddy);
    expect(Number(limit?.[1])).toBeGreaterThanOrEqual(50);
  });
});

describe('one machine (deploy/eisteddfod.service)', () => {
  const unit = read('deploy/eisteddfod.service');
  const directives = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!);

  it('runs the server as its own user, in production, with the settings file', () => {
    expect(directives('User')).toEqual(['eisteddfod']);
    expect(directives('ExecStart')[0]).toMatch(/\/node apps\/api\/dist\/server\.js$/);
    expect(directives('Environment')).toContain('NODE_ENV=production');
    expect(directives('EnvironmentFile')).toEqual(['/etc/eisteddfod/eisteddfod.env']);
  });

  it('with the example settings file filled in, starts a production server', () => {
    const fromUnit = Object.fromEntries(directives('Environment').map((e) => e.split('=')));
    const config = parseConfig({
      ...filled(envFile('deploy/eisteddfod.env.example')),
      ...fromUnit,
    });
    expect(config).toMatchObject({ isProduction: true, DATA_DIR: '/var/lib/eisteddfod' });
    expect(config.PUBLIC_URL.startsWith('https://')).toBe(true);
    const documented = documentedSettings();
    const names = Object.keys(envFile('deploy/eisteddfod.env.example'));
    expect(names.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('passes systemd-analyze verify, where systemd is installed', (ctx) => {
    const verify = spawnSync(
      'systemd-analyze',
      ['verify', path.join(repo, 'deploy/eisteddfod.service')],
      {
        encoding: 'utf8',
      },
    );
    if (verify.error) ctx.skip(`no systemd-analyze here (${verify.error.message})`);
    // It warns on stderr and still exits 0 about unknown keys and values: any output is a fault.
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });
});

describe('releases', () => {
  const version = (file: string) => (JSON.parse(read(file)) as { version?: string }).version;

  it('carry one version in every package, with its entry in the changelog', () => {
    const current = version('package.json');
    expect(current).toMatch(/^\d+\.\d+\.\d+$/);
    for (const workspace of ['packages/shared', 'apps/api', 'apps/web', 'e2e']) {
      expect(version(`${workspace}/package.json`), workspace).toBe(current);
    }
    const changelog = read('CHANGELOG.md');
    const headings = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)];
    expect(headings[0]?.[1]).toBe('Unreleased');
    // The newest release in the changelog is the version the packages carry, with its date.
    expect(headings[1]?.[1]).toBe(current);
    expect(headings[1]?.[2]).toMatch(/^\d{4}-/);
  });
});
