import { createHash } from 'node:crypto';
import { isSameSecretText } from '../../lib/same-text.ts';

/** Spec 9: a video slot's upload permission lasts 24 hours. */
const VIDEO_SIGNATURE_TTL_SECONDS = 24 * 60 * 60;

/**
 * The video host's upload signature (spec 7, and Bunny Stream's documented scheme): the SHA-256
 * of library id, access key, expiry (unix seconds) and video id, in hex. The key never leaves
 * the server; the client receives only the signature for one slot and one expiry.
 */
export function videoSignature(
  libraryId: string,
  accessKey: string,
  expires: number,
  videoId: string,
): string {
  return createHash('sha256').update(`${libraryId}${accessKey}${expires}${videoId}`).digest('hex');
}

export interface SignedVideoSlot {
  libraryId: string;
  videoId: string;
  expires: number;
  signature: string;
}

/** Signs `videoId` for 24 hours from `nowMs`. */
export function signVideoSlot(
  libraryId: string,
  accessKey: string,
  videoId: string,
  nowMs: number,
): SignedVideoSlot {
  const expires = Math.floor(nowMs / 1000) + VIDEO_SIGNATURE_TTL_SECONDS;
  return {
    libraryId,
    videoId,
    expires,
    signature: videoSignature(libraryId, accessKey, expires, videoId),
  };
}

/** True when the signature is ours for this library and video and has not expired. */
export function verifyVideoSignature(
  slot: SignedVideoSlot,
  accessKey: string,
  nowMs: number,
): boolean {
  if (!Number.isInteger(slot.expires) || slot.expires * 1000 < nowMs) return false;
  return isSameSecretText(
    slot.signature,
    videoSignature(slot.libraryId, accessKey, slot.expires, slot.videoId),
  );
}
