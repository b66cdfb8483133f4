import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signVideoSlot, verifyVideoSignature, videoSignature } from './video-signature.ts';

const NOW = Date.parse('2025-04-20T10:00:00Z');
const VIDEO = '6f1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10';

describe('video upload signature', () => {
  it("is Bunny Stream's scheme: sha256 of library id, key, expiry and video id", () => {
    const expected = createHash('sha256').update(`1234key1745150400${VIDEO}`).digest('hex');
    expect(videoSignature('1234', 'key', 1745150400, VIDEO)).toBe(expected);
  });
  it('lasts 24 hours', () => {
    const slot = signVideoSlot('local', 'secret', VIDEO, NOW);
    expect(slot.expires).toBe(NOW / 1000 + 24 * 3600);
    expect(verifyVideoSignature(slot, 'secret', NOW + 24 * 3600_000)).toBe(true);
    expect(verifyVideoSignature(slot, 'secret', NOW + 24 * 3600_000 + 1000)).toBe(false);
  });
  it('refuses another key, another video, a changed expiry and a forged signature', () => {
    const slot = signVideoSlot('local', 'secret', VIDEO, NOW);
    expect(verifyVideoSignature(slot, 'other', NOW)).toBe(false);
    expect(verifyVideoSignature({ ...slot, videoId: VIDEO.replace('6', '7') }, 'secret', NOW)).toBe(
      false,
    );
    expect(verifyVideoSignature({ ...slot, expires: slot.expires + 3600 }, 'secret', NOW)).toBe(
      false,
    );
    expect(verifyVideoSignature({ ...slot, signature: 'x'.repeat(64) }, 'secret', NOW)).toBe(false);
  });
});
