import { randomUUID } from 'node:crypto';

/**
 * Where entry videos go (spec 7: collections, video slots, a signed tus upload, an embed page).
 * Our own tus endpoint is the embedded default; Bunny Stream, the spec's host, when configured.
 * Collections and slots are always mirrored in our database, which decides who owns what.
 */
export interface VideoHost {
  readonly kind: 'builtin' | 'bunny';
  readonly libraryId: string;
  /** Where clients send tus requests: a path on our own origin, or the host's URL. */
  readonly tusEndpoint: string;
  /** The key the upload signature is made with (spec 7); never sent to a client. */
  readonly signingKey: string;
  /** Makes a collection at the host; its guid. */
  createCollection(name: string): Promise<string>;
  /** Makes an empty video slot at the host; its guid. */
  createVideo(collectionId: string, title: string): Promise<string>;
  /**
   * Sets a video's title at the host, whatever the upload's metadata said (a remote host's
   * player shows it to adjudicators); nothing for our own host, which shows no title.
   */
  setTitle(videoId: string, title: string): Promise<void>;
  /** The bytes the host holds for a finished video, 0 while none; only for remote hosts. */
  storedSize(videoId: string): Promise<number>;
  /** The host's own player page, or undefined when we serve the video ourselves. */
  embedUrl(videoId: string): string | undefined;
  /**
   * The host's player page for anyone (the public gala page), signed to stop working at
   * `expires` (unix seconds); undefined when the host cannot sign one: such a video is not
   * shown to the public.
   */
  publicEmbedUrl(videoId: string, expires: number): string | undefined;
  /**
   * Deletes a video at the host (an erasure, decision 024); one already gone is not an error.
   * Our own host keeps no copy: its files are deleted from the video store by key.
   */
  deleteVideo(videoId: string): Promise<void>;
  /**
   * What a remote host's own processing made of a finished video (Bunny transcodes, measures
   * and makes a thumbnail itself); undefined for our own host, whose files we process here.
   */
  describeVideo(videoId: string): Promise<HostedVideo | undefined>;
  /** The host's thumbnail of a video, shown as its poster; undefined when there is none. */
  posterUrl(videoId: string): string | undefined;
}

/** A remote host's processing of a video: still at work, failed, or done with its length. */
export type HostedVideo =
  | { state: 'processing' }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; durationSeconds: number; width: number | null; height: number | null };

/**
 * Our own tus 1.0 endpoint for entry videos and audio (the embedded default video host), served
 * by the uploads module (modules/uploads/tus-server.ts).
 */
export const TUS_PATH = '/api/tus';

/** Videos on our own tus endpoint: guids are ours, bytes land in the tus store. */
export function createBuiltinVideoHost(options: {
  libraryId: string;
  signingKey: string;
  tusPath: string;
}): VideoHost {
  return {
    kind: 'builtin',
    libraryId: options.libraryId,
    tusEndpoint: options.tusPath,
    signingKey: options.signingKey,
    createCollection: async () => randomUUID(),
    createVideo: async () => randomUUID(),
    setTitle: async () => {},
    storedSize: async () => 0,
    embedUrl: () => undefined,
    publicEmbedUrl: () => undefined,
    deleteVideo: async () => {},
    describeVideo: async () => undefined,
    posterUrl: () => undefined,
  };
}
