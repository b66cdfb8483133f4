// The child process that decodes untrusted files (decision 030; lib/untrusted.ts starts it). It
// says 'ready', takes one task, answers, and exits: whatever a file made the decoders allocate
// (libvips' caches, libheif's WebAssembly heap, which never shrinks) goes with the process.
import type { SiteImageKind } from '@eisteddfod/shared';
import type { ContentKind } from './lib/file-content.ts';
import type { ChildAnswer } from './lib/untrusted.ts';

/** Each task loads only its own decoders: a picture's child does not load pdf-lib. */
const tasks = {
  async pictureRendition(input: { data: Buffer; kind: ContentKind }) {
    const { makePictureRendition } = await import('./modules/pictures/picture-rendition.ts');
    return makePictureRendition(input.data, input.kind);
  },
  async siteImage(input: { data: Buffer; kind: SiteImageKind }) {
    const { makeSiteImage } = await import('./modules/site-content/site-image-rendition.ts');
    return makeSiteImage(input.data, input.kind);
  },
  /** With `thumbnail`, an image's copy comes with its thumbnail (decision 047), in this child. */
  async stripMetadata(input: { extension: string; data: Buffer; thumbnail?: boolean }) {
    const { stripMetadata, thumbnailOf } = await import('./lib/strip-metadata/index.ts');
    const copy = await stripMetadata(input.extension, input.data);
    if (!copy || !input.thumbnail) return copy;
    return { ...copy, thumbnail: await thumbnailOf(copy) };
  },
  async parseSheet(input: { data: Buffer }) {
    const { parseSheet } = await import('./modules/catalogue-editor/catalogue-sheet-parse.ts');
    return parseSheet(input.data);
  },
};

export type UntrustedTasks = typeof tasks;

/** A Buffer sent through the channel arrives as a Uint8Array. */
const asBuffer = (value: unknown) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

async function answer(message: { task: keyof UntrustedTasks; input: { data: unknown } }) {
  let reply: ChildAnswer;
  try {
    const input = { ...message.input, data: asBuffer(message.input.data) };
    const run = tasks[message.task] as (input: unknown) => Promise<unknown>;
    reply = { ok: true, result: await run(input) };
  } catch (err) {
    const { name = 'Error', message: text = String(err) } = err instanceof Error ? err : {};
    const { statusCode, code } = err as { statusCode?: number; code?: string };
    reply = { ok: false, name, message: text, statusCode, code };
  }
  process.send?.(reply, () => process.exit(0));
}

if (process.send) {
  process.once('message', (message: Parameters<typeof answer>[0]) => void answer(message));
  process.send('ready');
}
