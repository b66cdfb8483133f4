import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation's link works, and how soon the teacher may send it again. */
export const INVITATION_POLICY = {
  validDays: 14,
  resendAfterMs: 24 * 60 * 60_000,
} as const;

/** An unguessable token (32 random bytes, 43 characters of base64url) and the hash we keep. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
