/** The extension of a file name, lower case, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

// The file types each kind of upload takes (spec 5), without the dot, lower case: one list per
// kind, which the server checks and the web app's pickers offer (fileAccept).

/** Profile pictures (spec 5, "Profile picture"). */
export const PICTURE_EXTENSIONS = [
  'heic',
  'heif',
  'jpeg',
  'jpg',
  'pdf',
  'png',
  'tiff',
  'pptx',
  'psd',
] as const;

/**
 * The entry files that get a thumbnail when they are checked (decision 047): the images the
 * server decodes and copies (a .psd is served as sent, and has none).
 */
export const THUMBNAIL_EXTENSIONS = ['heic', 'heif', 'jpeg', 'jpg', 'png', 'tiff'] as const;

/**
 * Images and documents (spec 5, Uploads portal): the picture types and three of text. They are
 * the supporting files of every entry and the main file of a Visual Arts & Design entry: an
 * artwork as an image, or creative writing as a PDF (the demo's Creative Writing items ask for
 * PDFs).
 */
export const DOCUMENT_EXTENSIONS = [...PICTURE_EXTENSIONS, 'docx', 'doc', 'txt'] as const;

/** Sound: the media types a player page plays as audio rather than video. */
export const AUDIO_EXTENSIONS = ['m4a', 'mp3', 'ogg', 'wav'] as const;

/**
 * Video and audio, sent over the resumable (tus) path (spec 5: '.MOV' and '.MPG' included), in
 * alphabetical order.
 */
export const MEDIA_EXTENSIONS: readonly string[] = [
  ...AUDIO_EXTENSIONS,
  ...(['m4v', 'mov', 'mp4', 'mpeg', 'mpg', 'webm', 'wmv'] as const),
].sort();

/** Whether a file name ends in one of these extensions (any case). */
export const hasExtensionIn = (extensions: readonly string[], fileName: string): boolean =>
  extensions.includes(extensionOf(fileName));

/**
 * A file input's `accept` attribute for these extensions: '.heic,.heif,…', after any MIME
 * families given ('video/*'), which help phone pickers offer the camera roll.
 */
export const fileAccept = (extensions: readonly string[], families: readonly string[] = []) =>
  [...families, ...extensions.map((extension) => `.${extension}`)].join(',');
