import type { ErrorCode, Said } from '@eisteddfod/shared';
import { wordsOf } from './messages.ts';

/**
 * The spec's generic error (spec 8: the toast of a 400 and of any other status), what a caller
 * is told when a part we depend on is away and we answer 503 (decision 038).
 */
export const GENERIC_ERROR_MESSAGE = "An error has occurred. Please contact the provider's support";

/**
 * An error whose status, code and message are safe to show to the caller as they are. Its code
 * is one of ERROR_CODES (packages/shared/src/api/error-codes.ts), the list the web reads too.
 */
export class AppError extends Error {
  /** The message by its id, when it comes from a catalogue (decision 057); `message` is its words. */
  readonly said: Said | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string | Said,
    /** Sent as Retry-After on 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof message === 'string' ? message : wordsOf(message));
    this.name = 'AppError';
    this.said = typeof message === 'string' ? undefined : message;
  }
}

export const notFound = (code: ErrorCode, message: string | Said) =>
  new AppError(404, code, message);
export const badRequest = (code: ErrorCode, message: string | Said) =>
  new AppError(400, code, message);
