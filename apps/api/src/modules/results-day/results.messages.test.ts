import { beforeAll, describe, expect, it } from 'vitest';
import { languagesLoaded } from '../../lib/messages.ts';
import af from './messages/af.json' with { type: 'json' };
import { resultMessages } from './results.messages.ts';

/** The results message in the family's language (issue 36, decision 069). */
const row = (language: string) => ({
  customerId: 7,
  contestantId: 3,
  confirmationEmail: null,
  whatsApp: true,
  email: 'thandi@example.org',
  emailVerifiedAt: new Date(),
  mobileNumber: '0831234567',
  mobileVerifiedAt: new Date(),
  country: 'South Africa',
  firstName: 'Thandi',
  language,
  itemCode: 'DA101',
  itemTitle: 'Poem',
  contestant: 'Lindiwe Nkosi',
});

beforeAll(languagesLoaded);

describe('the results message (decision 069)', () => {
  it('is in Afrikaans for an Afrikaans family, its link opening in Afrikaans', () => {
    const { messages } = resultMessages([row('af')], 'https://eisteddfod.example', '2025-06-30');
    const [email, whatsApp] = messages;
    expect(email).toMatchObject({ channel: 'email', subject: af.resultsOutSubject });
    expect(email?.body).toContain('Beste Thandi,');
    expect(email?.body).toContain(af.entriesPublished);
    expect(email?.body).toContain('30 Junie 2025');
    expect(whatsApp?.body).toBe(
      'Online Eisteddfod: die uitslae is bekend vir 1 van u inskrywings. Sien hulle in die oplaaiportaal: https://eisteddfod.example/uploads?lang=af',
    );
  });

  it('is in English for an English family, as before', () => {
    const { messages } = resultMessages([row('en')], 'https://eisteddfod.example', '2025-06-30');
    expect(messages[0]?.subject).toBe('Your Online Eisteddfod results are out');
    expect(messages[0]?.body).toContain('Dear Thandi,');
    expect(messages[0]?.body).toContain('30 June 2025');
  });
});
