import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, FileNotFoundError, type FileStorage } from './file-storage.ts';

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
    async check() {
      // Made on the first put otherwise; a folder that cannot be made or written is down.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
