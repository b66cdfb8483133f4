import { DEFAULT_LOCALE, type Locale } from '@eisteddfod/shared';
import { metaLanguageCode } from './template-languages.ts';

/** Sends a one-time pin over WhatsApp; throws when the provider refuses it. */
export interface WhatsAppTransport {
  sendAuthenticationCode(toE164: string, code: string, language?: Locale): Promise<void>;
  /** A plain message (order confirmations). */
  sendText(toE164: string, body: string): Promise<void>;
  /**
   * An approved template with its body's values in order (reminders, decision 022): the Cloud
   * API sends only a template to a family that has not written first.
   */
  sendTemplate(
    toE164: string,
    template: string,
    parameters: string[],
    language?: Locale,
  ): Promise<void>;
  /** Resolves when the API answers for our phone number and token (decision 038). */
  check?(): Promise<void>;
}

export interface WhatsAppCloudOptions {
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  templateName: string;
  language: string;
}

/**
 * WhatsApp Cloud API: an approved authentication template whose body and copy-code button both
 * carry the code (Meta's "authentication templates" format).
 */
export function createWhatsAppCloudTransport(options: WhatsAppCloudOptions): WhatsAppTransport {
  async function post(message: Record<string, unknown>) {
    const response = await fetch(`${options.apiUrl}/${options.phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...message,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`WhatsApp Cloud API answered ${response.status}: ${detail.slice(0, 300)}`);
    }
  }
  return {
    async check() {
      const response = await fetch(`${options.apiUrl}/${options.phoneNumberId}?fields=id`, {
        headers: { authorization: `Bearer ${options.accessToken}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`WhatsApp Cloud API answered ${response.status}`);
    },
    async sendText(toE164, body) {
      await post({ to: toE164.replace(/^\+/, ''), type: 'text', text: { body } });
    },
    async sendTemplate(toE164, template, parameters, language = DEFAULT_LOCALE) {
      await post({
        to: toE164.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: template,
          language: { code: metaLanguageCode(language, options.language) },
          components: [
            {
              type: 'body',
              parameters: parameters.map((text) => ({ type: 'text', text })),
            },
          ],
        },
      });
    },
    async sendAuthenticationCode(toE164, code, language = DEFAULT_LOCALE) {
      await post({
        to: toE164.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: options.templateName,
          language: { code: metaLanguageCode(language, options.language) },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: code }] },
            {
              type: 'button',
              sub_type: 'url',
              index: '0',
              parameters: [{ type: 'text', text: code }],
            },
          ],
        },
      });
    },
  };
}
