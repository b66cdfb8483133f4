import { accountsApi, type Locale } from '@eisteddfod/shared';
import { callApi } from '../lib/api-client.ts';

/**
 * The signed-in account's language, set by the switch (decision 069). A refusal is not the
 * reader's to act on: the page is in their language already and the next switch tries again.
 */
export async function saveAccountLanguage(customerId: number, language: Locale): Promise<void> {
  await callApi(accountsApi.setLanguage, { params: { id: customerId }, body: { language } }).catch(
    () => undefined,
  );
}
