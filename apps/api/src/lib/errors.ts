import type { ErrorCode } from '@eisteddfod/shared';

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
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as Retry-After on 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const badRequest = (code: ErrorCode, message: string) => new AppError(400, code, message);
