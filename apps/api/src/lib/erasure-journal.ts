import type { Readable } from 'node:stream';
import type { FileStorage } from '../providers/storage/file-storage.ts';

/**
 * The erasure journal (decision 036): one small object per erasure in the files store, written
 * in the erasure's transaction, outside the database a restore brings back. A backup older than
 * an erasure still names the family; the server replays the journal when it starts, so no
 * erased family comes back. Numbers only: the account's id and when it was made, never a name.
 */
export const ERASURE_JOURNAL_PREFIX = 'journal/erasures/';

export interface ErasureEntry {
  customerId: number;
  /** The account's creation: an id a restored database gives again to a new account is not it. */
  customerCreatedAt: string;
  erasedAt: string;
}

export async function journalErasure(storage: FileStorage, entry: ErasureEntry): Promise<void> {
  const key = `${ERASURE_JOURNAL_PREFIX}${Date.parse(entry.erasedAt)}-${entry.customerId}.json`;
  await storage.put(key, Buffer.from(JSON.stringify(entry)), 'application/json');
}

export async function readErasureJournal(storage: FileStorage): Promise<ErasureEntry[]> {
  const entries: ErasureEntry[] = [];
  for await (const object of storage.list(ERASURE_JOURNAL_PREFIX)) {
    const { stream } = await storage.read(object.key);
    entries.push(JSON.parse(await text(stream)) as ErasureEntry);
  }
  return entries.sort((a, b) => a.erasedAt.localeCompare(b.erasedAt));
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
