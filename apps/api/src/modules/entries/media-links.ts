import { extensionOf } from '@eisteddfod/shared';
import type { SignedLinks } from '../../lib/signed-links.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import type { UploadRow } from './entry-files.repository.ts';

/** The fields of an entry file a link needs. */
export type MediaUpload = Pick<
  UploadRow,
  | 'id'
  | 'orderItemId'
  | 'fileName'
  | 'originalFileName'
  | 'uploadType'
  | 'isVideo'
  | 'videoId'
  | 'servedFileExtension'
  | 'posterKey'
  | 'thumbnailKey'
>;

/** What a signed media link is for: the owner (the file's own name) or a blind adjudicator. */
export type MediaAudience = 'owner' | 'blind';

/** The signed id of a link: a blind link cannot be turned into a named one, nor the reverse. */
export const mediaFileId = (uploadId: number, audience: MediaAudience) =>
  audience === 'blind' ? `upload-blind:${uploadId}` : `upload:${uploadId}`;

/** The signed id of a poster link (a frame of the rendition: nothing to hide from either). */
export const posterFileId = (uploadId: number) => `poster:${uploadId}`;

/** The signed link to our own poster of an upload (the player page and the portal share it). */
export const posterLink = (links: SignedLinks, uploadId: number) =>
  links.sign(`/media/posters/${uploadId}`, posterFileId(uploadId));

/**
 * The signed id of a thumbnail link: only the family is handed one (decision 047). Its own kind,
 * so neither a poster link nor the file's own link opens it, nor it them.
 */
export const thumbnailFileId = (uploadId: number) => `thumbnail:${uploadId}`;

/**
 * The name a file is served under. Stored names carry the contestant's name and school (spec 5),
 * which blind marking must not show: an adjudicator sees the entry code and the file's role.
 */
export function servedFileName(upload: MediaUpload, audience: MediaAudience): string {
  if (audience === 'owner') return upload.fileName;
  const role = upload.uploadType === 2 ? 'main' : 'supporting';
  // The served copy's own type: a rendition is .mp4 whatever was uploaded (decision 025).
  const extension = upload.servedFileExtension ?? extensionOf(upload.originalFileName);
  return `E${upload.orderItemId}-${role}-${upload.id}${extension ? `.${extension}` : ''}`;
}

/** Links to entry files: a player page for videos (or the video host's own), else the file. */
export function createMediaLinks(links: SignedLinks, videoHost: VideoHost) {
  const sign = (kind: 'uploads' | 'play', upload: MediaUpload, audience: MediaAudience) => {
    const blind = audience === 'blind' ? '?blind=1' : '';
    const signed = links.sign(
      `/media/${kind}/${upload.id}${blind}`,
      mediaFileId(upload.id, audience),
    );
    // links.sign appends '?expires=…'; a path that has a query already continues it with '&'.
    return blind ? signed.replace(`${blind}?`, `${blind}&`) : signed;
  };
  return {
    /** Where the owner opens a file (the uploads portal's view button). */
    forOwner(upload: MediaUpload): string {
      if (upload.videoId)
        return videoHost.embedUrl(upload.videoId) ?? sign('play', upload, 'owner');
      return sign('uploads', upload, 'owner');
    },
    /** The poster frame of a processed video: the host's thumbnail, or ours. */
    poster(upload: MediaUpload): string | null {
      if (upload.videoId) {
        const hosted = videoHost.posterUrl(upload.videoId);
        if (hosted) return hosted;
      }
      if (!upload.posterKey) return null;
      return posterLink(links, upload.id);
    },
    /** The thumbnail of an image for its family's file table (decision 047); null when none. */
    thumbnail(upload: MediaUpload): string | null {
      if (!upload.thumbnailKey) return null;
      return links.sign(`/media/thumbnails/${upload.id}`, thumbnailFileId(upload.id));
    },
    /**
     * Where the public opens a winner's file on the gala page: the host's player page signed
     * to expire at `expires` (unix seconds), or ours under a blind name; null for a hosted
     * video the host cannot sign (it is not shown, rather than linked for ever).
     */
    forPublic(
      upload: MediaUpload,
      expires: number,
    ): { url: string; playerUrl: string | null } | null {
      if (upload.videoId && videoHost.embedUrl(upload.videoId)) {
        const signed = videoHost.publicEmbedUrl(upload.videoId, expires);
        return signed ? { url: signed, playerUrl: signed } : null;
      }
      return this.forAdjudicator(upload);
    },
    /**
     * Where an adjudicator opens a file: the same bytes under a blind name. A hosted video plays
     * on the host's embed page under its blind title (decision 035), signed to expire as our own
     * links do when the host can sign one (Bunny's embed token key), else as the host gives it.
     */
    forAdjudicator(upload: MediaUpload): { url: string; playerUrl: string | null } {
      const embed = upload.videoId ? videoHost.embedUrl(upload.videoId) : undefined;
      if (upload.videoId && embed) {
        const player = videoHost.publicEmbedUrl(upload.videoId, links.expiresAt()) ?? embed;
        return { url: player, playerUrl: player };
      }
      return {
        url: sign('uploads', upload, 'blind'),
        playerUrl: upload.isVideo ? sign('play', upload, 'blind') : null,
      };
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
