import { describe, expect, it } from 'vitest';
import { createSignedLinks } from '../../lib/signed-links.ts';
import { createBunnyVideoHost } from '../../providers/video/bunny-video-host.ts';
import { createMediaLinks, type MediaUpload } from './media-links.ts';

const NOW = Date.parse('2025-04-01T10:00:00Z');
const links = createSignedLinks('a secret of the test', 3600, () => NOW);
const video: MediaUpload = {
  id: 7,
  orderItemId: 42,
  fileName: 'Thandi_Mokoena_main.mp4',
  originalFileName: 'Thandi Mokoena Gr7.mp4',
  uploadType: 2,
  isVideo: true,
  videoId: '9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10',
  servedFileExtension: null,
  posterKey: null,
  thumbnailKey: null,
};
const bunny = (embedTokenKey?: string) =>
  createBunnyVideoHost({
    libraryId: '4242',
    accessKey: 'stream-key',
    apiUrl: 'http://127.0.0.1:9',
    embedUrl: 'https://iframe.mediadelivery.net/embed',
    embedTokenKey,
  });

describe("an adjudicator's link to a video on Bunny Stream", () => {
  it('is signed to expire with our own links when the library has an embed token key', () => {
    // Decision 035: the plain embed link never expired, so a shared one played for ever.
    const { url, playerUrl } = createMediaLinks(links, bunny('token-key')).forAdjudicator(video);
    const expires = links.expiresAt();
    expect(url).toMatch(
      new RegExp(
        `^https://iframe\\.mediadelivery\\.net/embed/4242/${video.videoId}\\?token=[0-9a-f]{64}&expires=${expires}$`,
      ),
    );
    expect(playerUrl).toBe(url);
    expect(expires * 1000 - NOW).toBeLessThanOrEqual(70 * 60_000);
  });

  it('is the plain embed page when the library signs nothing', () => {
    const { url } = createMediaLinks(links, bunny()).forAdjudicator(video);
    expect(url).toBe(`https://iframe.mediadelivery.net/embed/4242/${video.videoId}`);
  });
});
