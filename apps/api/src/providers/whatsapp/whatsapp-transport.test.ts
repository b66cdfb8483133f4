import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWhatsAppCloudTransport } from './whatsapp-transport.ts';

const transport = () =>
  createWhatsAppCloudTransport({
    apiUrl: 'https://graph.example.org/v21.0',
    accessToken: 'token',
    phoneNumberId: '1234',
    templateName: 'eisteddfod_otp',
    language: 'en',
  });

describe('WhatsApp Cloud API transport: templates (reminders, decision 022)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the named template with its body values, in order', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await transport().sendTemplate('+27821234567', 'eisteddfod_reminder_results', [
      'Thandi',
      'Online Eisteddfod 2025',
      'Child0 Mokoena: D101 Solo dance',
    ]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://graph.example.org/v21.0/1234/messages');
    expect(JSON.parse(init.body as string)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '27821234567',
      type: 'template',
      template: {
        name: 'eisteddfod_reminder_results',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Thandi' },
              { type: 'text', text: 'Online Eisteddfod 2025' },
              { type: 'text', text: 'Child0 Mokoena: D101 Solo dance' },
            ],
          },
        ],
      },
    });
  });

  it('fails when the API refuses it (a template not approved), so the outbox tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":132001}}', { status: 404 })),
    );
    await expect(transport().sendTemplate('+27821234567', 'missing', [])).rejects.toThrow(
      /answered 404/,
    );
  });
});
