import {
  foldName,
  normaliseIdentifier,
  type ChangeEntryItem,
  type CorrectContestant,
  type FamilyMatch,
  type FamilySearchPage,
  type FamilySearchQuery,
  type LedgerMovement,
  type RegenerateFamilyCertificates,
} from '@eisteddfod/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Database } from '../../db/client.ts';
import { likeContains } from '../../lib/like.ts';
import type { FamilyScope } from '../../plugins/scope.ts';
import type { CertificatesService } from '../results-day/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ContestantsService } from '../contestants/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { PicturesService } from '../pictures/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import {
  changeEntryItem,
  correctContestant,
  letFamilyInEarly,
  regenerateCertificates,
  resendConfirmation,
} from './family-desk.corrections.ts';
import { familyDetails } from './family-desk.record.ts';
import * as repo from './family-desk.repository.ts';
import { findSchoolsNamed } from './family-desk.schools.repository.ts';

/** The organiser at the desk, and the families their scope reaches (plugins/scope.ts). */
export interface DeskCaller {
  customerId: number;
  families: FamilyScope;
}

export interface FamilyDeskDependencies {
  db: Database;
  catalogue: CatalogueService;
  orders: OrdersService;
  contestants: ContestantsService;
  /** Contestants' pictures, shown to the organiser through signed links (decision 005). */
  pictures: Pick<PicturesService, 'pictureOf' | 'linkFor'>;
  certificates: CertificatesService;
  outbox: Outbox;
  /** The payments service's confirmation of a paid order (one text, payments.service). */
  confirmationMessages: (orderId: number) => Promise<OutboxMessage[]>;
  /**
   * The seam to the payment ledger (decision 020): the movements recorded by hand for a
   * customer's orders, or undefined when this build has no ledger.
   */
  manualMovements: () => ((customerId: number) => Promise<LedgerMovement[]>) | undefined;
  now: () => number;
}

const ORDER_NUMBER = /^e?(\d{4})-0*(\d{1,9})$/i;

/** The order "E2025-000123" (orders.service orderNumber) names; also "2025-123". */
export function parseOrderNumber(text: string): { id: number; year: number } | undefined {
  const match = ORDER_NUMBER.exec(text.replace(/\s+/g, ''));
  if (!match) return undefined;
  const id = Number(match[2]);
  return id > 0 && id <= 2_147_483_647 ? { id, year: Number(match[1]) } : undefined;
}

/**
 * The digits of a text that is a phone number and nothing else, as families type them (without
 * the country code, spec 2): "+27 82 123 4567" becomes its national number, leading zeros go.
 */
export function mobileDigits(text: string): string | undefined {
  if (!/^[\d\s+()-]+$/.test(text)) return undefined;
  const international = text.trim().startsWith('+') ? parsePhoneNumberFromString(text) : undefined;
  const digits = international?.nationalNumber ?? normaliseIdentifier('mobile', text);
  return digits.length >= 4 ? digits : undefined;
}

/**
 * The family desk (issue 17, decision 021): find a family, read its whole record
 * (family-desk.record.ts), and make the corrections a family can no longer make
 * (family-desk.corrections.ts), each audited with the organiser, before and after, and whether
 * spec 9's fee applies.
 */
export function createFamilyDeskService(deps: FamilyDeskDependencies) {
  const { db } = deps;
  return {
    async search(scope: FamilyScope, query: FamilySearchQuery): Promise<FamilySearchPage> {
      const schoolPattern = likeContains(foldName(query.q));
      const rows = await repo.searchFamilies(
        db,
        scope,
        {
          pattern: likeContains(query.q),
          mobileDigits: mobileDigits(query.q),
          order: parseOrderNumber(query.q),
          schoolPattern,
        },
        query,
      );
      // Schools lead the first page only: paging is the families'.
      const schools = query.skip === 0 ? await findSchoolsNamed(db, schoolPattern) : [];
      return {
        rows: rows.map((r) => ({
          id: r.id,
          firstName: r.firstName,
          surname: r.surname,
          email: r.email,
          mobileNumber: r.mobileNumber,
          contestants: r.contestants,
          matched: (
            [
              ['name', r.byName],
              ['email', r.byEmail],
              ['mobile', r.byMobile],
              ['contestant', r.byContestant],
              ['school', r.bySchool],
              ['order', r.byOrder],
              ['teacher', r.byTeacher],
            ] as [FamilyMatch, boolean][]
          )
            .filter(([, hit]) => hit)
            .map(([m]) => m),
        })),
        total: rows[0]?.total ?? 0,
        schools,
      };
    },

    get: (scope: FamilyScope, familyId: number) => familyDetails(deps, scope, familyId),

    correctContestant: (
      caller: DeskCaller,
      familyId: number,
      contestantId: number,
      input: CorrectContestant,
    ) => correctContestant(deps, caller, familyId, contestantId, input),

    changeEntryItem: (
      caller: DeskCaller,
      familyId: number,
      orderItemId: number,
      input: ChangeEntryItem,
    ) => changeEntryItem(deps, caller, familyId, orderItemId, input),

    letInEarly: (caller: DeskCaller, familyId: number) => letFamilyInEarly(deps, caller, familyId),

    resendConfirmation: (caller: DeskCaller, familyId: number, orderId: number) =>
      resendConfirmation(deps, caller, familyId, orderId),

    regenerateCertificates: (
      caller: DeskCaller,
      familyId: number,
      orderItemId: number,
      input: RegenerateFamilyCertificates,
    ) => regenerateCertificates(deps, caller, familyId, orderItemId, input),
  };
}
