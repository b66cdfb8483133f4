import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON text kept with its compressed forms, each made once on first use. Phones on slow
 * connections download about a fifth of the bytes; the server compresses a page once, not on
 * every request.
 */
export class CompressedJson {
  private gzipped?: Buffer;
  private brotli?: Buffer;

  constructor(readonly json: string) {}

  gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.json, { level: 6 }));
  }

  br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    }));
  }
}

/** Bodies under this size are sent as they are: compression would not pay for itself. */
const MIN_COMPRESS_BYTES = 1024;

export function sendCompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedJson,
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (body.json.length >= MIN_COMPRESS_BYTES) {
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br());
    if (/\bgzip\b/.test(accepted))
      return reply.header('content-encoding', 'gzip').send(body.gzip());
  }
  return reply.send(body.json);
}

/** A bounded map that forgets the least recently used entry first. */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  getOrCreate(key: string, create: () => V): V {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const value = create();
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
