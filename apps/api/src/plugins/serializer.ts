import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonDifferences, jsonPath, type JsonDifference } from '../lib/json-differences.ts';

type Serializer = (data: unknown) => string;

/** Production: the data as it is, unchecked (a check cost a third of a catalogue search's CPU). */
const unchecked: Serializer = (data) => JSON.stringify(data);

/**
 * The serializer compiler of every environment. Every environment sends `JSON.stringify` of what
 * the handler returned, so tests see exactly what production sends. Outside production the data
 * is first checked against the route's response schema, and the answer fails (a 500, logged
 * with the reason) when it does not match, when it carries a key the schema does not declare
 * (at any depth: in arrays, records, unions), or when the schema would have changed it (a
 * default or a transform that production would not apply).
 *
 * It used to be fastify-type-provider-zod's serializer, which sends what the schema parses out:
 * undeclared keys were stripped in tests and sent in production, so a leak was invisible to
 * the tests (issue 14). Answers sent as ready JSON text (the catalogue's pages) never reach a
 * serializer; plugins/serializer.routes.test.ts checks those.
 */
export function responseSerializerCompiler(
  isProduction: boolean,
): FastifySerializerCompiler<unknown> {
  if (isProduction) return () => unchecked;
  return ({ schema, method, url }) => checkedSerializer(resolveSchema(schema), method, url);
}

export function checkedSerializer(schema: z.ZodType, method: string, url: string): Serializer {
  return (data) => {
    const encoded = z.safeEncode(schema, data);
    if (!encoded.success) {
      throw new ResponseSerializationError(method, url, { cause: encoded.error });
    }
    const differences = jsonDifferences(data, encoded.data);
    if (differences.length > 0) {
      throw new ResponseSerializationError(method, url, {
        cause: new z.ZodError(differences.map(toIssue)),
      });
    }
    return JSON.stringify(data);
  };
}

const MESSAGES: Record<JsonDifference['kind'], string> = {
  undeclared: 'is sent but not declared in the response schema',
  added: 'is added by the response schema but not sent',
  changed: 'is changed by the response schema',
};

const toIssue = ({ kind, path }: JsonDifference): z.core.$ZodIssue => ({
  code: 'custom',
  path,
  message: `${jsonPath(path)} ${MESSAGES[kind]}`,
  input: undefined,
});

/** A route's response schema: a zod type, or fastify-type-provider-zod's `{ properties }`. */
function resolveSchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof z.ZodType
  ) {
    return schema.properties;
  }
  throw new TypeError(`a response schema that is not a zod schema: ${JSON.stringify(schema)}`);
}
