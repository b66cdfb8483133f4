import { createHmac } from 'node:crypto';
import { isSameSecretText } from './same-text.ts';

/**
 * Links that carry their own permission: a file id, an expiry and an HMAC of both. Only the
 * owner is handed such a link (in their own API answers), so an <img> can load it without a
 * token, and a leaked link stops working within the hour.
 */
export interface SignedLinks {
  sign(path: string, fileId: string): string;
  verify(fileId: string, expires: number, signature: string): boolean;
  /** The expiry (unix seconds) a link signed now carries: for links another host signs. */
  expiresAt(): number;
}

/** Expiry is rounded up to this step, so that repeated answers give the same, cacheable URL. */
const STEP_SECONDS = 10 * 60;

export function createSignedLinks(
  secret: string,
  ttlSeconds: number,
  now: () => number,
): SignedLinks {
  const mac = (fileId: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`file:${fileId}:${expires}`)
      .digest('base64url')
      .slice(0, 32);
  const expiresAt = () => {
    const earliest = Math.floor(now() / 1000) + ttlSeconds;
    return Math.ceil(earliest / STEP_SECONDS) * STEP_SECONDS;
  };
  return {
    sign(path, fileId) {
      const expires = expiresAt();
      return `${path}?expires=${expires}&signature=${mac(fileId, expires)}`;
    },
    expiresAt,
    verify(fileId, expires, signature) {
      if (!Number.isInteger(expires) || expires * 1000 < now()) return false;
      return isSameSecretText(signature, mac(fileId, expires));
    },
  };
}
