// Over 350 lines on purpose: a small fuzzer that reads the OpenAPI document and makes values
// for every schema shape; its parts only make sense together.
import { randomUUID } from 'node:crypto';

/**
 * A bounded, deterministic fuzz of the API's operations (issue 13, decision 003: nothing the
 * caller sends yields a 5xx). Operations come from the OpenAPI document the app serves; each case
 * starts from a request that looks real (so it reaches the code behind validation) and spoils
 * one or more of its inputs with hostile values. Every choice comes from a seeded PRNG, so a seed
 * replays the same requests.
 */

/** The subset of OpenAPI 3.0 schema (as zod's jsonSchemaTransform writes it) the fuzz reads. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

type Where = 'path' | 'query' | 'header';

export interface Operation {
  method: string;
  /** OpenAPI path template: /api/Orders/{id}. */
  path: string;
  params: { in: Where; name: string; required: boolean; schema: Schema }[];
  body?: Schema;
  /** How the body is sent: JSON (the default), or a raw form as payment providers send it. */
  bodyType?: 'json' | 'form';
  /** More hostile values for a parameter (`header:Upload-Metadata`), beyond the usual ones. */
  hostile?: Record<string, unknown[]>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
}

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({
            in: p.in as Where,
            name: p.name,
            required: p.required ?? p.in === 'path',
            schema: p.schema,
          })),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** mulberry32: small, fast and good enough to pick cases; the same seed gives the same run. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[Math.floor(next() * list.length)] as T;
    },
  };
  return rng;
}
export type Rng = ReturnType<typeof createRng>;

/** A string's own 32-bit hash, to give each operation its own stream from one seed. */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Sent into a URL exactly as written (malformed escapes), not percent-encoded. */
interface RawUrlText {
  raw: string;
}
const raw = (text: string): RawUrlText => ({ raw: text });

const ONE_MB = 'x'.repeat(1_000_000);

/** Text with NUL, which PostgreSQL refuses to store. */
const NUL_TEXT = ['\u0000', 'Ayanda\u0000', '\u0000Dlamini', 'a\u0000b@example.org'];
/** Ids too big for PostgreSQL's integer (2^31), for a safe JavaScript integer, for anything. */
const HUGE_IDS: unknown[] = [2 ** 31, 2 ** 53, 1e308];
/** The edges of the range, negative numbers and a fraction. */
const ODD_NUMBERS: unknown[] = [2 ** 31 - 1, 2 ** 53 + 2, -1, 0, -(2 ** 31) - 1, -1e308, 1.5];
/** Numbers as text, the way they reach paths, queries and headers. */
const NUMBER_TEXT = ['2147483648', '9007199254740993', '1e308', '-1', '-0', '0x10', ' 1', '1e3'];
const WRONG_TYPES: unknown[] = [null, true, false, {}, [], [1, 2], { a: 1 }, 'text', 12345, ''];
const JUNK_TEXT: unknown[] = [
  ONE_MB,
  '\ud800',
  '\uffff',
  '😀'.repeat(50),
  "'; drop table customers; --",
  '../../etc/passwd',
  '%00',
  '\u202e\u0007\u001b[31m',
  ' ',
  'NaN',
  'Infinity',
];
const URL_JUNK: (string | RawUrlText)[] = [
  raw('%'),
  raw('%E0%A4%A'),
  raw('%ZZ'),
  raw('a%00b'),
  'a/b',
  'a?b=c',
  'a#b',
  '..',
];

/** Every hostile value, for the random cases. */
const HOSTILE: unknown[] = [
  ...NUL_TEXT,
  ...HUGE_IDS,
  ...ODD_NUMBERS,
  ...NUMBER_TEXT,
  ...WRONG_TYPES,
  ...JUNK_TEXT,
  ...URL_JUNK,
];

/** Ids and names of real records, so a case can reach past "not found". */
export interface Known {
  /** By kind of record (idKind), the most useful first: a base request names the first. */
  ids: Record<string, number[]>;
  uuids: Record<string, string[]>;
  email: string;
  /** Values by field name, or dotted path (`scores.name`), that the route's rules accept. */
  text: Record<string, string[]>;
}

/** Which kind of record an id field names: from its name, or for `id` from the path before it. */
function idKind(name: string, path: string): string {
  let key = name.toLowerCase();
  if (key === 'id') {
    const before = /\/([^/{}]+)\/\{id\}/.exec(path)?.[1]?.toLowerCase() ?? '';
    key = before;
  }
  const kinds: [RegExp, string][] = [
    [/orderitemupload|^uploads?$|uploadid/, 'upload'],
    [/orderitem|rubricscores|marks?$/, 'orderItem'],
    [/order/, 'order'],
    [/customer/, 'customer'],
    [/participant|profile/, 'profile'],
    [/categor/, 'category'],
    [/eisteddfod|event/, 'event'],
    [/adjudicator/, 'adjudicator'],
    [/assignment/, 'assignment'],
    [/certificate/, 'certificate'],
    [/item/, 'item'],
  ];
  for (const [pattern, kind] of kinds) if (pattern.test(key)) return kind;
  return 'any';
}

function fromPattern(pattern: string, known: Known, rng: Rng): string | undefined {
  const re = new RegExp(pattern);
  const candidates = [
    ...Object.values(known.uuids).flat(),
    randomUUID(),
    'abc',
    'a-b',
    'E1',
    'ABCD-1234',
    '2025-04-01',
    '1',
  ];
  const fits = candidates.filter((c) => re.test(c));
  return fits.length > 0 ? rng.pick(fits) : undefined;
}

interface Context {
  path: string;
  known: Known;
  rng: Rng;
  /**
   * The base request of an operation: every optional field present, the first of each choice
   * (the most useful known id first), arrays of one; so each field is there to be spoiled and
   * the rest of the request is as likely as can be to pass.
   */
  base: boolean;
}

/** A value the schema accepts (when the fuzz can tell), shaped like what the web app sends. */
function validValue(schema: Schema | undefined, name: string, ctx: Context): unknown {
  const { known, rng, base } = ctx;
  const first = <T>(list: readonly T[]): T => (base ? (list[0] as T) : rng.pick(list));
  if (!schema) return undefined;
  if (schema.nullable && !base && rng.chance(0.1)) return null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return validValue(first(branches), name, ctx);
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf), name, ctx);
  if (schema.enum) return first(schema.enum);
  const key = name.split('.').pop() ?? name;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      if (/id$/i.test(key)) {
        const kind = idKind(key, ctx.path);
        const ids = kind === 'any' ? Object.values(known.ids).flat() : (known.ids[kind] ?? []);
        if (ids.length > 0) return first(ids);
      }
      const min = Math.max(schema.minimum ?? 0, 0);
      const max = Math.min(schema.maximum ?? min + 10, min + 10);
      return base ? Math.max(min, 1) : min + rng.int(max - min + 1);
    }
    case 'boolean':
      return base ? false : rng.chance(0.5);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 2, min + 2);
      const n = base ? Math.min(Math.max(min, 1), max) : min + rng.int(max - min + 1);
      return Array.from({ length: n }, () => validValue(schema.items, name, ctx));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [prop, propSchema] of Object.entries(schema.properties ?? {})) {
        if (base || schema.required?.includes(prop) || rng.chance(0.7)) {
          value[prop] = validValue(propSchema, name ? `${name}.${prop}` : prop, ctx);
        }
      }
      return value;
    }
    case 'string': {
      const hinted = known.text[name] ?? known.text[key];
      if (hinted) return first(hinted);
      if (schema.format === 'email' || /email|username/i.test(key)) return known.email;
      if (schema.format === 'uuid') {
        const all = Object.values(known.uuids).flat();
        return all.length > 0 && (base || rng.chance(0.8)) ? first(all) : randomUUID();
      }
      if (schema.pattern) {
        const fit = fromPattern(schema.pattern, known, rng);
        if (fit !== undefined) return fit;
      }
      const min = schema.minLength ?? 0;
      const text = 'Fuzz text';
      return text.padEnd(min, 'x').slice(0, schema.maxLength ?? text.length);
    }
    default:
      // An unconstrained schema ({}): anything goes; leave it out.
      return undefined;
  }
}

/** Where one input sits: a parameter, or a path into the JSON body ([] is the body itself). */
export type Slot = { in: Where; name: string } | { in: 'body'; path: (string | number)[] };

/** The leaves (and objects) of a body, each a place to spoil. */
function bodySlots(value: unknown, path: (string | number)[] = []): Slot[] {
  const here: Slot[] = [{ in: 'body', path }];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((v, i) => bodySlots(v, [...path, i]))];
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([k, v]) => bodySlots(v, [...path, k]))];
  }
  return here;
}

/** The schema at a body path, to tell an id or a text field when spoiling it. */
function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let s = schema;
  for (const key of path) {
    if (!s) return undefined;
    const branch = s.anyOf?.find((b) => b.type === 'object' || b.type === 'array') ?? s;
    s = typeof key === 'number' ? branch.items : branch.properties?.[key];
  }
  return s;
}

export interface Inputs {
  params: Record<string, unknown>;
  /** Parameters left out (an absent query field, say). */
  absent: Set<string>;
  body: unknown;
}

/** A request's inputs: the base request (`base`), or a random one of the same shape. */
export function validInputs(op: Operation, known: Known, rng: Rng, base: boolean): Inputs {
  const ctx: Context = { path: op.path, known, rng, base };
  const params: Record<string, unknown> = {};
  const absent = new Set<string>();
  for (const p of op.params) {
    if (!base && !p.required && rng.chance(0.3)) absent.add(`${p.in}:${p.name}`);
    params[`${p.in}:${p.name}`] = validValue(p.schema, p.name, ctx);
  }
  const body = op.body ? validValue(op.body, '', ctx) : undefined;
  return { params, absent, body };
}

export function slotsOf(op: Operation, inputs: Inputs): Slot[] {
  return [
    ...op.params.map((p) => ({ in: p.in, name: p.name }) as Slot),
    ...(op.body ? bodySlots(inputs.body) : []),
  ];
}

function isNumeric(op: Operation, slot: Slot): boolean {
  const schema =
    slot.in === 'body'
      ? schemaAt(op.body, slot.path)
      : op.params.find((p) => p.in === slot.in && p.name === slot.name)?.schema;
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((b) => b.type)];
  return types.includes('integer') || types.includes('number');
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const target = copy as Record<string | number, unknown>;
  target[head] = setAt(target[head], rest, value);
  return copy;
}

/** The inputs with one slot replaced (`undefined` removes it). */
export function spoil(inputs: Inputs, slot: Slot, value: unknown): Inputs {
  if (slot.in === 'body') return { ...inputs, body: setAt(inputs.body, slot.path, value) };
  const key = `${slot.in}:${slot.name}`;
  const absent = new Set(inputs.absent);
  absent.delete(key);
  if (value === undefined) absent.add(key);
  return { ...inputs, params: { ...inputs.params, [key]: value }, absent };
}

/**
 * The hostile values each slot is given on its own, every one deterministic from `rng`: NUL text
 * always; for numbers every huge id, -1, another odd number and a number as text; for text 1 MB;
 * then a value of the wrong type, one of any kind, and none at all.
 */
export function targetedValues(op: Operation, slot: Slot, rng: Rng): unknown[] {
  const values: unknown[] = [rng.pick(NUL_TEXT)];
  if (isNumeric(op, slot)) {
    values.push(...HUGE_IDS, -1, rng.pick(ODD_NUMBERS), rng.pick(NUMBER_TEXT));
  } else {
    values.push(ONE_MB);
  }
  values.push(rng.pick(WRONG_TYPES), rng.pick(HOSTILE));
  if (slot.in !== 'body' || slot.path.length > 0) values.push(undefined);
  if (slot.in !== 'body') values.push(...(op.hostile?.[`${slot.in}:${slot.name}`] ?? []));
  return values;
}

export function randomHostile(rng: Rng): unknown {
  return rng.pick(HOSTILE);
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD). */
function encode(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'raw' in value) {
    return (value as RawUrlText).raw;
  }
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Text for a header: what Node's HTTP parser lets through (it refuses NUL, CR and LF in header
 * values before any route sees them), UTF-8 bytes read as latin1.
 */
export function headerText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[\r\n]/g, '?')
    .replaceAll('\u0000', '?');
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The request a case makes; bodies that are not objects are sent as they are (as JSON text). */
export function requestOf(op: Operation, inputs: Inputs): FuzzRequest {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encode(inputs.params[`path:${name}`] ?? ''),
  );
  const query = op.params
    .filter((p) => p.in === 'query' && !inputs.absent.has(`query:${p.name}`))
    .map((p) => `${encode(p.name)}=${encode(inputs.params[`query:${p.name}`])}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const headers: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === 'header' && !inputs.absent.has(`header:${p.name}`)) {
      headers[p.name] = headerText(inputs.params[`header:${p.name}`]);
    }
  }
  if (!op.body || inputs.body === undefined) return { method: op.method, url, headers };
  if (op.bodyType === 'form') {
    const fields = Object.entries((inputs.body as Record<string, unknown>) ?? {});
    return {
      method: op.method,
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'),
    };
  }
  return {
    method: op.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(inputs.body) ?? 'null',
  };
}

/** Bodies that are not what the route reads at all. */
export const BODY_JUNK: { headers: Record<string, string>; payload: string | Buffer }[] = [
  { headers: { 'content-type': 'application/json' }, payload: '{"unterminated": ' },
  { headers: { 'content-type': 'application/json' }, payload: '[]' },
  { headers: { 'content-type': 'application/json' }, payload: '"text"' },
  { headers: { 'content-type': 'application/json' }, payload: 'null' },
  { headers: { 'content-type': 'application/json' }, payload: '' },
  { headers: { 'content-type': 'application/json' }, payload: '{"a":"\\u0000"}' },
  { headers: { 'content-type': 'application/json' }, payload: Buffer.from([0xff, 0xfe, 0x00]) },
  { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&b' },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=\u0000&b=1' },
  { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
];

/** Multipart bodies a browser never sends, and a few it does with hostile names. */
export function multipartCases(fileName = 'photo.jpg') {
  const boundary = '----fuzz0123456789';
  const part = (name: string, file: string, data: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n${data}\r\n`;
  const jpeg = '\u00ff\u00d8\u00ff\u00e0' + 'x'.repeat(64);
  const whole = `${part('file', fileName, jpeg)}--${boundary}--\r\n`;
  const withBoundary = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return [
    {
      label: 'no boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: Buffer.from(whole, 'latin1'),
    },
    {
      label: 'truncated in the file',
      headers: withBoundary,
      payload: Buffer.from(whole.slice(0, whole.length - 40), 'latin1'),
    },
    {
      label: 'truncated in the part headers',
      headers: withBoundary,
      payload: Buffer.from(whole.slice(0, 60), 'latin1'),
    },
    {
      label: 'NUL in the file name',
      headers: withBoundary,
      payload: Buffer.from(`${part('file', 'pho\u0000to.jpg', jpeg)}--${boundary}--\r\n`, 'latin1'),
    },
    {
      label: 'a 1 MB file name',
      headers: withBoundary,
      payload: Buffer.from(
        `${part('file', `${'x'.repeat(1_000_000)}.jpg`, jpeg)}--${boundary}--\r\n`,
        'latin1',
      ),
    },
    {
      label: 'two files',
      headers: withBoundary,
      payload: Buffer.from(
        `${part('file', 'a.jpg', jpeg)}${part('file', 'b.jpg', jpeg)}--${boundary}--\r\n`,
        'latin1',
      ),
    },
    {
      label: 'a field with NUL before the file',
      headers: withBoundary,
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\na\u0000b\r\n` + whole,
        'latin1',
      ),
    },
  ];
}

/** A request as text for an assertion message: long strings shortened, NUL shown as \u0000. */
export function describeRequest(req: FuzzRequest, who: string): string {
  const short = (s: string) =>
    s.length > 300 ? `${s.slice(0, 120)}…(${s.length} chars)…${s.slice(-60)}` : s;
  const payload =
    req.payload === undefined
      ? ''
      : ` body ${JSON.stringify(short(Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload))}`;
  const headers = Object.entries(req.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${JSON.stringify(short(v))}`)
    .join(', ');
  return `${who}: ${req.method} ${short(req.url)}${headers ? ` [${headers}]` : ''}${payload}`;
}

/**
 * Every route the server has, as `METHOD /path` with `:param`s, read from Fastify's printed
 * route tree (it lists hidden routes too). HEAD is left out where GET answers the same path.
 */
export function routesOf(printed: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    const methods = (match[3] ?? '').split(', ').filter(Boolean);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push(normalRoute(`${method} ${path}`));
    }
  }
  return routes;
}

/** An operation as Fastify names its route, `:param`s and `*`, all lower case as it matches. */
export function routeOf(op: Operation): string {
  return normalRoute(`${op.method} ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`);
}

/** Routes match in any case; a wildcard prints as `/docs*` and is written `/docs/{*}`. */
const normalRoute = (route: string) => route.toLowerCase().replace('/:*', '*');
