import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as it is read: each file's bytes go from its stream into the archive and out to
 * the reader, waiting whenever the reader is behind, so no file is ever held whole in memory
 * (a family's videos can be gigabytes). Stored files are not compressed again (pictures, videos
 * and PDFs are compressed already); text is deflated.
 */
export function createZipStream() {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });

  /** Waits for the reader when it is behind; false once it has gone away. */
  async function drained(): Promise<boolean> {
    if (out.destroyed) return false;
    if (out.writableNeedDrain) {
      await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    return !out.destroyed;
  }

  return {
    stream: out as Readable,
    /** A text file, deflated. */
    async addText(name: string, text: string): Promise<boolean> {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(new TextEncoder().encode(text), true);
      return drained();
    },
    /** A file's bytes, as its stream gives them. */
    async addStream(name: string, source: Readable): Promise<boolean> {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      try {
        for await (const chunk of source) {
          entry.push(chunk as Uint8Array);
          if (!(await drained())) return false;
        }
      } finally {
        source.destroy();
      }
      entry.push(new Uint8Array(0), true);
      return drained();
    },
    end(): void {
      zip.end();
    },
    fail(err: Error): void {
      out.destroy(err);
    },
  };
}
