import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.ts';
import { checkedSerializer, responseSerializerCompiler } from './serializer.ts';

const Contestant = z.object({
  id: z.number(),
  name: z.string(),
  school: z.string().optional(),
});
const Page = z.object({
  items: z.array(Contestant),
  next: z.union([z.null(), z.object({ skip: z.number() })]),
  counts: z.record(z.string(), z.number()),
});

const serialize = (schema: z.ZodType, data: unknown) =>
  checkedSerializer(schema, 'GET', '/x')(data);
const reason = (schema: z.ZodType, data: unknown): string => {
  try {
    serialize(schema, data);
  } catch (error) {
    return String((error as Error).cause);
  }
  throw new Error('it did not throw');
};

describe('the response serializer outside production', () => {
  it('sends JSON.stringify of the data itself, in its own key order', () => {
    const data = {
      counts: { a: 1 },
      items: [{ name: 'Ayanda', id: 1, school: undefined }],
      next: { skip: 15 },
    };
    expect(serialize(Page, data)).toBe(JSON.stringify(data));
  });

  it('refuses data that does not match its schema', () => {
    expect(() => serialize(Contestant, { id: '1', name: 'Ayanda' })).toThrow(
      "Response doesn't match the schema",
    );
  });

  it('refuses a key the schema does not declare, at any depth', () => {
    expect(reason(Contestant, { id: 1, name: 'A', pinHash: 'x' })).toContain(
      '$.pinHash is sent but not declared',
    );
    const page = (item: object, next: object | null = null) => ({
      items: [{ id: 1, name: 'A' }, item],
      next,
      counts: {},
    });
    expect(reason(Page, page({ id: 2, name: 'B', email: 'b@example.org' }))).toContain(
      '$.items[1].email is sent but not declared',
    );
    expect(reason(Page, page({ id: 2, name: 'B' }, { skip: 1, internal: 7 }))).toContain(
      '$.next.internal is sent but not declared',
    );
  });

  it('refuses a key that only a later option of a union declares (a client would drop it)', () => {
    const Either = z.union([
      z.object({ a: z.number() }),
      z.object({ a: z.number(), b: z.string() }),
    ]);
    expect(reason(Either, { a: 1, b: 'x' })).toContain('$.b is sent but not declared');
    const Tagged = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('one') }),
      z.object({ kind: z.literal('two'), b: z.string() }),
    ]);
    expect(serialize(Tagged, { kind: 'two', b: 'x' })).toBe('{"kind":"two","b":"x"}');
    expect(reason(Tagged, { kind: 'one', b: 'x' })).toContain('$.b is sent but not declared');
  });

  it('refuses an answer the schema would have changed (a transform or a default)', () => {
    const Trimmed = z.object({ name: z.string().overwrite((s) => s.trim()) });
    expect(reason(Trimmed, { name: ' A ' })).toContain('$.name is changed by the response schema');
  });

  it('answers 500 through the error handler when a route leaks a key', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializerCompiler(false));
    registerErrorHandling(app);
    app.get('/leak', { schema: { response: { 200: Contestant } } }, () => ({
      id: 1,
      name: 'A',
      pinHash: 'secret',
    }));
    const res = await app.inject({ url: '/leak' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });
});

describe('the response serializer in production', () => {
  it('sends the data unchecked', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializerCompiler(true));
    app.get('/x', { schema: { response: { 200: Contestant } } }, () => ({
      id: 1,
      name: 'A',
      extra: true,
    }));
    const res = await app.inject({ url: '/x' });
    expect(res.json()).toEqual({ id: 1, name: 'A', extra: true });
  });
});
