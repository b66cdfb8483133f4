import { endpointUrl, staffApi } from '@eisteddfod/shared';
import { saveDownload } from '../../../../lib/download.ts';
import { readStored } from '../../../../lib/storage.ts';

/** The CSV export needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadEntriesCsv(): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(staffApi.exportEntries),
    token ? { authorization: `Bearer ${token}` } : {},
    'entries.csv',
  );
}
