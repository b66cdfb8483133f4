import { MAX_ID, TEXT_PATTERN } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Node {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  [key: string]: unknown;
}

/**
 * zod's own formats whose patterns admit no control character: a field of one of these needs no
 * text() as well (checked below, so an upgrade that loosens one fails here).
 */
const CLOSED_FORMATS: Record<string, z.ZodType> = {
  email: z.email(),
  uuid: z.uuid(),
  date: z.iso.date(),
};

/** Every string of a schema that takes any text, as JSON pointers from `where`. */
function openStrings(node: unknown, where: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Node;
  const types = Array.isArray(n.type) ? n.type : [n.type];
  if (types.includes('string') && n.enum === undefined && n.const === undefined) {
    // zod writes a string with two patterns as an allOf of one pattern each.
    const patterns = [n, ...((n.allOf as Node[] | undefined) ?? [])].map((s) => s.pattern);
    const closed = patterns.includes(TEXT_PATTERN.source) || (n.format ?? '') in CLOSED_FORMATS;
    return closed ? [] : [where];
  }
  const found: string[] = [];
  for (const [key, value] of Object.entries(n)) {
    if (key === 'properties') {
      for (const [prop, schema] of Object.entries(value as Record<string, unknown>)) {
        found.push(...openStrings(schema, `${where}.${prop}`));
      }
    } else if (['items', 'additionalProperties', 'not'].includes(key)) {
      found.push(...openStrings(value, `${where}[]`));
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key)) {
      for (const schema of value as unknown[]) found.push(...openStrings(schema, where));
    }
  }
  return found;
}

/** Every integer named like an id (`id`, `orderItemId`) that a PostgreSQL integer cannot hold. */
function unboundedIds(node: unknown, where: string, key = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Node & { minimum?: number; maximum?: number };
  const types = Array.isArray(n.type) ? n.type : [n.type];
  if (types.includes('integer') && /(^id|Id)$/.test(key)) {
    const bounded = (n.minimum ?? -Infinity) >= 0 && (n.maximum ?? Infinity) <= MAX_ID;
    return bounded ? [] : [where];
  }
  const found: string[] = [];
  for (const [k, value] of Object.entries(n)) {
    if (k === 'properties') {
      for (const [prop, schema] of Object.entries(value as Record<string, unknown>)) {
        found.push(...unboundedIds(schema, `${where}.${prop}`, prop));
      }
    } else if (['items', 'additionalProperties'].includes(k)) {
      found.push(...unboundedIds(value, `${where}[]`));
    } else if (['anyOf', 'oneOf', 'allOf'].includes(k)) {
      for (const schema of value as unknown[]) found.push(...unboundedIds(schema, where, key));
    }
  }
  return found;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: unknown }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
      }
    >
  >;
}

/** Each input of each operation: where it is (`GET /x query name`), its name and schema. */
function inputsOf(document: Document): { where: string; name: string; schema: unknown }[] {
  const inputs: { where: string; name: string; schema: unknown }[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) {
        inputs.push({ where: `${at} ${p.in} ${p.name}`, name: p.name, schema: p.schema });
      }
      for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
        inputs.push({ where: `${at} body (${type})`, name: '', schema });
      }
    }
  }
  return inputs;
}

describe('the OpenAPI document', () => {
  it('refuses control characters in every text field of every request (one text() rule)', () => {
    const open = inputsOf(t.app.swagger() as Document).flatMap((i) =>
      openStrings(i.schema, i.where),
    );
    expect(
      open,
      'request strings built with z.string() instead of text() (packages/shared)',
    ).toEqual([]);
  });

  it('bounds every id to a PostgreSQL integer (IdSchema), so a huge id is a 400', () => {
    const unbounded = inputsOf(t.app.swagger() as Document).flatMap((i) =>
      unboundedIds(i.schema, i.where, i.name),
    );
    expect(unbounded, 'ids without IdSchema (packages/shared/src/api/id.schema.ts)').toEqual([]);
  });

  it('leans only on formats that refuse control characters themselves', () => {
    for (const [format, schema] of Object.entries(CLOSED_FORMATS)) {
      const near = {
        email: 'a\u0000b@example.org',
        uuid: '8f1c2e4a-0b7d-4c1e-9a3f-\u00002b6d8e9f0a1c',
        date: '2026-03-2\u00003',
      }[format];
      expect(schema.safeParse(near).success, format).toBe(false);
    }
  });
});
