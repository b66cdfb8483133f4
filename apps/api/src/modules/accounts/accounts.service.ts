import type { Contact, CustomerAndUser, Locale, UpdateCustomer } from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter.ts';
import type { WhatsAppTemplate } from '../../providers/whatsapp/template-languages.ts';
import type { Outbox } from '../outbox/index.ts';
import type { SignInsService } from '../sign-ins/index.ts';
import { requestContactPin, verifyContactPin } from './accounts.contact-pins.ts';
import {
  accountExists,
  registerCustomer,
  toCustomer,
  updateCustomer,
} from './accounts.customers.ts';
import * as repo from './accounts.repository.ts';
import { requestLoginPin, silentLogin, verifyLoginPin } from './accounts.sign-in.ts';
import { provedAddresses } from './proved-addresses.ts';
import { readLanguage } from './account-language.ts';

export interface AccountsDependencies {
  db: Database;
  tokens: TokenService;
  limiter: RateLimiter;
  outbox: Outbox;
  /** Where refused pin checks and sends are reported (decision 032). */
  signIns: Pick<SignInsService, 'record'>;
  pinSecret: string;
  sessionHours: number;
  now: () => number;
  /** The authentication template and the languages it is approved in (decision 069). */
  pinTemplate: WhatsAppTemplate;
  log: FastifyBaseLogger;
}

export type PinChannel = 'email' | 'whatsapp';
export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Passwordless accounts: registration, one-time pins, sessions (spec 4; decision 004). Each
 * call is a function of the dependencies: the account (accounts.customers.ts), signing in
 * (accounts.sign-in.ts) and the pins that prove a contact address (accounts.contact-pins.ts).
 */
export function createAccountsService(deps: AccountsDependencies) {
  const { db } = deps;
  return {
    accountExists: (
      query: { email?: string | undefined; mobileNumber?: string | undefined },
      ip: string,
    ) => accountExists(deps, query, ip),

    registerCustomer: (input: CustomerAndUser, ip: string, language: Locale) =>
      registerCustomer(deps, input, ip, language),

    silentLogin: (
      login: { username: string; isMobile: boolean },
      grantToken: string | undefined,
      ip: string,
    ) => silentLogin(deps, login, grantToken, ip),

    requestLoginPin: (customerId: number, channel: PinChannel, ip: string, language: Locale) =>
      requestLoginPin(deps, customerId, channel, { ip, language }),

    requestContactPin: (
      customerId: number,
      contact: Contact,
      asker: { ip: string; language: Locale },
      mobileNumber?: string,
    ) => requestContactPin(deps, customerId, contact, asker, mobileNumber),

    verifyContactPin: (
      customerId: number,
      contact: Contact,
      pin: string,
      ip: string,
      mobileNumber?: string,
    ) => verifyContactPin(deps, customerId, contact, pin, ip, mobileNumber),

    /** The account's proved email and mobile number, the only ones written to (decision 031). */
    async provedAddresses(customerId: number) {
      const row = await repo.findCustomer(db, customerId);
      return row ? provedAddresses(row) : { email: null, mobile: null };
    },

    verifyLoginPin: (customerId: number, pin: string, ip: string) =>
      verifyLoginPin(deps, customerId, pin, ip),

    async getCustomer(customerId: number) {
      const row = await repo.findCustomer(db, customerId);
      if (!row) throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      return toCustomer(row);
    },

    updateCustomer: (customerId: number, update: UpdateCustomer) =>
      updateCustomer(deps, customerId, update),

    /** The site's switch, signed in: what the server sends the account follows (decision 069). */
    async setLanguage(customerId: number, language: Locale) {
      if (!(await repo.setCustomerLanguage(db, customerId, language)))
        throw notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${customerId}`);
      return { language };
    },

    /** The language the account reads, English for an account of a tag no longer spoken. */
    async languageOf(customerId: number): Promise<Locale> {
      const row = await repo.findCustomer(db, customerId);
      return readLanguage(row?.language);
    },
  };
}
