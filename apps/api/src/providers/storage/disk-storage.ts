import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  assertSafeKey,
  FileNotFoundError,
  type FileStorage,
  type StoredObject,
} from './file-storage.ts';

/** A file put() is writing: `<target>.<uuid>.part`, renamed onto its target once whole. */
const BEING_WRITTEN = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/** Files under a folder of the local disk (DATA_DIR/files by default). */
export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target, then rename: a reader never sees half a file.
      const temp = `${target}.${randomUUID()}.part`;
      await writeFile(temp, body);
      await rename(temp, target);
    },
    async putFile(key, file) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      await copyFile(file, temp);
      await rename(temp, target);
    },
    localPath: resolve,
    async read(key, range) {
      const file = resolve(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw new FileNotFoundError(key);
      return { stream: createReadStream(file, range), size: info.size };
    },
    async exists(key) {
      return (await stat(resolve(key)).catch(() => undefined))?.isFile() ?? false;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix = ''): AsyncIterable<StoredObject> {
      // The folder the prefix names, or its parent when the prefix ends inside a name.
      const from = path.join(root, ...prefix.split('/').slice(0, -1));
      const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return [];
          throw err;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile() || BEING_WRITTEN.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => undefined);
        // Deleted since the folder was read: not there, so not listed.
        if (!info) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        if (key.startsWith(prefix)) yield { key, size: info.size };
      }
    },
    async check() {
      // Made on the first put otherwise; a folder that cannot be made or written is down.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
