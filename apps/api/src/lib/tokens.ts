import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * 'pin' tokens come from silent login and may only request a pin; 'session' tokens are full
 * logins; 'grant' tokens travel in an HttpOnly cookie from a verified pin to the next silent
 * login (docs/decisions/004-passwordless-sessions.md).
 */
export type TokenScope = 'pin' | 'session' | 'grant';

interface TokenClaims {
  customerId: number;
  scope: TokenScope;
  /** For grants: the pin challenge that was verified. */
  challengeId?: number;
  /**
   * For sessions: the account's role when it was issued ('organiser', 'adjudicator'), so that the
   * web app can show the staff menu. A hint only: staff calls read the role from the database.
   */
  role?: string;
  /**
   * For sessions: the account's session generation when it was issued; the session works only
   * while it is still the account's (decision 019). Tokens from before it existed read as 0.
   */
  generation?: number;
  expiresAt: Date;
}

const ISSUER = 'eisteddfod-portal';

export interface TokenService {
  issue(
    claims: Omit<TokenClaims, 'expiresAt'>,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token of one of `scopes`, or undefined for anything else. */
  verify(token: string, scopes: TokenScope[]): Promise<TokenClaims | undefined>;
}

export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(claims, ttlSeconds) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
      const token = await new SignJWT({
        scope: claims.scope,
        cid: claims.challengeId,
        role: claims.role,
        gen: claims.generation,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(String(claims.customerId))
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token, scopes) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const scope = payload.scope as TokenScope;
        const customerId = Number(payload.sub);
        if (!scopes.includes(scope) || !Number.isInteger(customerId)) return undefined;
        return {
          customerId,
          scope,
          ...(typeof payload.cid === 'number' ? { challengeId: payload.cid } : {}),
          ...(typeof payload.role === 'string' ? { role: payload.role } : {}),
          ...(typeof payload.gen === 'number' ? { generation: payload.gen } : {}),
          expiresAt: new Date((payload.exp ?? 0) * 1000),
        };
      } catch {
        return undefined;
      }
    },
  };
}
