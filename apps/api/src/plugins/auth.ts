import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../lib/errors.ts';
import type { TokenClaims, TokenScope, TokenService } from '../lib/tokens.ts';

const unauthorised = () =>
  new AppError(401, 'UNAUTHORISED', 'Session has expired. Please login again');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The caller's token claims, when it carries a valid token of one of `scopes`; otherwise 401.
 * A customer id in the path that is not the caller's answers 404, never data.
 */
export async function requireCustomer(
  tokens: TokenService,
  request: FastifyRequest,
  customerId: number,
  scopes: TokenScope[] = ['session'],
): Promise<TokenClaims> {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token, scopes) : undefined;
  if (!claims) throw unauthorised();
  if (claims.customerId !== customerId) {
    throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
  }
  return claims;
}

/**
 * For calls that need no login (the pin check): a token that is sent anyway must be the
 * customer's own, so another customer's token on this id answers 404 like everywhere else.
 */
export async function refuseOtherCustomersToken(
  tokens: TokenService,
  request: FastifyRequest,
  customerId: number,
): Promise<void> {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token, ['pin', 'session']) : undefined;
  if (claims && claims.customerId !== customerId) {
    throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
  }
}

/** The logged-in customer of a call whose path names no customer (the upload calls). */
export async function requireSession(
  tokens: TokenService,
  request: FastifyRequest,
): Promise<TokenClaims> {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token, ['session']) : undefined;
  if (!claims) throw unauthorised();
  return claims;
}
