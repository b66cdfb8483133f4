import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { VALIDATION_TEXT, type ErrorCode, type Said } from '@eisteddfod/shared';
import { DB_MESSAGES, isInvalidTextRepresentation, isNulInText } from '../db/errors.ts';
import { AppError } from '../lib/errors.ts';
import { isMessageId, wordsOf } from '../lib/messages.ts';

/** The code of a 4xx error Fastify or one of its plugins raised, by its status. */
const FASTIFY_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'ROUTE_NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const FIELD_SOURCE: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};

/** An answer's `messageId` and `values`, when its message comes from a catalogue. */
const saidFields = (said: Said | undefined) =>
  said ? { messageId: said.id, ...(said.values ? { values: said.values } : {}) } : {};

/**
 * Every error leaves as JSON { statusCode, code, message }, with `messageId` and `values` when
 * the message is a catalogue's (decision 057). A validation error names the
 * field; anything unexpected is logged in full and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...saidFields(error.said),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
      const where = FIELD_SOURCE[error.validationContext ?? ''] ?? 'request';
      // A shared schema's own message is a catalogue id (decision 057): its words here, its id
      // for the web to say in the reader's language.
      const said =
        first?.message !== undefined && isMessageId(first.message)
          ? { id: first.message }
          : undefined;
      const words = said ? wordsOf(said) : (first?.message ?? 'invalid value');
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: `Invalid ${where} field '${field}': ${words}`,
        ...saidFields(said),
      });
    }
    if (isNulInText(error)) {
      // Request text is checked by text() (packages/shared); this catches text no schema saw on
      // its way to the database (a raw form body, say): the caller's, so a 400, never a 500.
      const said = VALIDATION_TEXT.say('controlCharacters');
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: wordsOf(said),
        ...saidFields(said),
      });
    }
    if (isInvalidTextRepresentation(error)) {
      // Request ids that are UUIDs are checked by their schemas (packages/shared); this catches
      // one no schema saw (a route typed by hand) as the caller's 400. Logged: should our own
      // query build such a value, the warning says so.
      request.log.warn({ err: error }, 'the database could not read a value of the request');
      return reply.code(400).send({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: DB_MESSAGES.malformedValue,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response failed its schema');
    }
    // Fastify and its plugins name request problems FST_…: a malformed body is the caller's.
    const isRequestProblem =
      !error.statusCode &&
      /^FST_(ERR_CTP|INVALID|MULTIPART|PARTS|FILES|FIELDS|REQ)/.test(error.code ?? '');
    const statusCode = isRequestProblem
      ? 400
      : error.statusCode && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type, ...), under
    // codes of ours: callers read ERROR_CODES, not Fastify's internal FST_ names.
    const code: ErrorCode = FASTIFY_STATUS_CODES[statusCode] ?? 'BAD_REQUEST';
    return reply.code(statusCode).send({ statusCode, code, message: error.message });
  });
}
