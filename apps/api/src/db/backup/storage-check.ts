import type { FileStorage, StoredObject } from '../../providers/storage/file-storage.ts';
import type { Database } from '../client.ts';
import { ERASURE_JOURNAL_PREFIX } from '../../lib/erasure-journal.ts';
import {
  heldFiles,
  ownerKey,
  referencedFiles,
  type FileReference,
  type Store,
} from './stored-file-references.ts';

export type Stores = Record<Store, FileStorage>;

export interface StorageReport {
  /** Files the database points to that the storage lacks: broken records. */
  missing: FileReference[];
  /** Stored files nothing points to (nor an upload under way, nor a queued deletion). */
  unreferenced: ({ store: Store } & StoredObject)[];
  referenced: number;
  stored: number;
}

/**
 * Compares what the database points to with what the storage holds (decision 036). The
 * database is read first and the storage listed after: a file written in between is reported
 * unreferenced, never missing, and none is deleted in between (deletions wait out a grace
 * period), so a report taken while families upload lists no false "missing".
 */
export async function checkStorage(db: Database, stores: Stores): Promise<StorageReport> {
  const references = await referencedFiles(db);
  const held = await heldFiles(db);
  const report: StorageReport = { missing: [], unreferenced: [], referenced: 0, stored: 0 };
  const pointed = new Set(references.map((r) => `${r.store}:${r.key}`));
  const kept = new Set([...pointed, ...held.map((h) => `${h.store}:${h.key}`)]);
  const present = new Set<string>();
  for (const store of ['files', 'videos'] as const) {
    for await (const object of stores[store].list()) {
      report.stored++;
      present.add(`${store}:${object.key}`);
      const owner = `${store}:${ownerKey(store, object.key)}`;
      const journal = store === 'files' && object.key.startsWith(ERASURE_JOURNAL_PREFIX);
      if (!kept.has(owner) && !journal) report.unreferenced.push({ store, ...object });
    }
  }
  report.referenced = pointed.size;
  const reported = new Set<string>();
  for (const r of references) {
    const id = `${r.store}:${r.key}`;
    if (!present.has(id) && !reported.has(id)) {
      reported.add(id);
      report.missing.push(r);
    }
  }
  return report;
}
