import { ACCOUNT_TEXT, type Locale, type PinSent } from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { templateLocale } from '../../providers/whatsapp/template-languages.ts';
import * as repo from './accounts.repository.ts';
import { limit } from './accounts.refusals.ts';
import type { AccountsDependencies, PinChannel } from './accounts.service.ts';
import { maskRecipient } from './phone-numbers.ts';
import { latestChallenge, replaceChallenge, type PinPurpose } from './pin-challenges.repository.ts';
import { PIN_POLICY, generatePin, hashPin } from './pins.ts';
import { text as words } from './text.ts';

/** Refuses a new pin while the last one is open and its resend wait has not passed. */
function refuseResendTooSoon(
  last: { createdAt: Date; consumedAt: Date | null } | undefined,
  now: number,
) {
  // The wait is between resends of an open code; once a code has been used, a new login
  // (after logging out, say) gets a code at once. The hourly limit still holds.
  const waitMs =
    last && !last.consumedAt ? last.createdAt.getTime() + PIN_POLICY.resendAfterMs - now : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      429,
      'PIN_RESEND_TOO_SOON',
      ACCOUNT_TEXT.say('resendTooSoon', { seconds }),
      seconds,
    );
  }
}

/**
 * The pin's message, by email or WhatsApp, through the outbox, in the language it was asked for
 * in (decision 069): the person is reading that language as they wait for it. By WhatsApp, in
 * English where the authentication template is not approved in theirs.
 */
async function enqueuePin(
  deps: AccountsDependencies,
  channel: PinChannel,
  purpose: PinPurpose,
  sent: { to: string; pin: string; language: Locale },
) {
  const { outbox } = deps;
  if (channel === 'email') {
    const text = words.in(sent.language);
    await outbox.enqueuePinEmail(
      sent.to,
      // A sign-in pin's subject is how a data archive knows to leave it out (pinEmailSubjects).
      text(purpose === 'login' ? 'loginPinSubject' : 'contactPinSubject'),
      [
        text('pinIs', { pin: sent.pin }),
        '',
        text(purpose === 'login' ? 'loginPinValid' : 'contactPinValid'),
      ].join('\n'),
    );
  } else {
    const language = templateLocale(deps.pinTemplate, sent.language, deps.log);
    await outbox.enqueueWhatsAppCode(
      sent.to,
      sent.pin,
      words.in(language)('whatsAppPin', { pin: sent.pin }),
      language,
    );
  }
}

/**
 * Sends a new pin of `purpose` by `channel` to the address `addressOf` picks (null: none),
 * with the customer's row locked, after the resend wait and the hourly limits (decision 004).
 */
export async function sendPin(
  deps: AccountsDependencies,
  customerId: number,
  purpose: PinPurpose,
  channel: PinChannel,
  asker: { ip: string; language: Locale },
  addressOf: (tx: repo.Executor, customer: repo.CustomerRow) => Promise<string | null>,
): Promise<PinSent> {
  await limit(deps, `pin-send:ip:${asker.ip}`, PIN_POLICY.sendsPerIpPerHour, 60 * 60_000);
  const sent = await repo.withCustomerLocked(deps.db, customerId, async (tx, customer) => {
    if (!customer)
      throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
    const to = await addressOf(tx, customer);
    if (!to) {
      throw badRequest(
        'NO_ADDRESS_FOR_CHANNEL',
        ACCOUNT_TEXT.say(channel === 'email' ? 'noEmailAddress' : 'noMobileNumber'),
      );
    }
    refuseResendTooSoon(await latestChallenge(tx, customerId, purpose), deps.now());
    await limit(
      deps,
      `pin-send:customer:${customerId}`,
      PIN_POLICY.sendsPerCustomerPerHour,
      60 * 60_000,
    );
    const pin = generatePin();
    const createdAt = new Date(deps.now());
    await replaceChallenge(tx, {
      customerId,
      channel,
      purpose,
      sentTo: purpose === 'contact' ? to : null,
      pinHash: hashPin(deps.pinSecret, customerId, pin),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + PIN_POLICY.validForMs),
    });
    return { to, pin };
  });
  await enqueuePin(deps, channel, purpose, { ...sent, language: asker.language });
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: purpose === 'login' ? 'login.pin_sent' : 'customer.contact_pin_sent',
    entityType: 'customer',
    entityId: customerId,
    details: { channel },
  });
  return {
    channel,
    sentTo: maskRecipient(channel, sent.to),
    resendAfterSeconds: PIN_POLICY.resendAfterMs / 1000,
  };
}
