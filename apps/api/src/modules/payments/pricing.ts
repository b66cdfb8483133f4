import {
  CHECKOUT_TEXT,
  calendarDateIn,
  entryPriceCents,
  formatRand,
  isLateEntry,
  surchargeCents,
  type Order,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import * as repo from './payments.repository.ts';

interface PricingDependencies {
  db: Database;
  catalogue: CatalogueService;
  now: () => number;
}

/**
 * An unpaid order's price on the server (the catalogue, group sizes, the late-entry
 * surcharge), frozen by nothing: checkout's own rules, which a school's statement of a cart
 * shows too (decision 066).
 */
async function priceOrder(
  deps: PricingDependencies,
  /** The order described as a cart (`describeOrder({ ...row, totalCents: null })`). */
  order: Order,
) {
  const { catalogue } = deps;
  const event = await catalogue.getEvent(order.eventId);
  // Prices come from the catalogue and the group sizes now, never from the browser.
  const prices = await Promise.all(
    order.orderItems.map(async (i) => {
      const item = await catalogue.findItem(order.eventId, i.itemId);
      if (!item)
        throw badRequest('ITEM_NOT_FOUND', CHECKOUT_TEXT.say('itemGone', { itemCode: i.itemCode }));
      const members = i.groupParticipants.length;
      return {
        orderItemId: i.id,
        itemId: i.itemId,
        members,
        priceCents: entryPriceCents(item, members, event.fees),
      };
    }),
  );
  const subtotalCents = prices.reduce((sum, p) => sum + p.priceCents, 0);
  const today = calendarDateIn(new Date(deps.now()), event.timeZone);
  const surcharge = isLateEntry(today, event.dates.lateEntryFrom)
    ? surchargeCents(subtotalCents, event.fees.lateSurchargePercent)
    : 0;
  return {
    prices,
    subtotalCents,
    surchargeCents: surcharge,
    totalCents: subtotalCents + surcharge,
  };
}

/**
 * Checkout's pricing, which an organiser recording a payment for a cart (decision 020) and a
 * school's statement (decision 066) use too.
 */
export function createPricing(deps: PricingDependencies) {
  const { db } = deps;

  /**
   * Prices an unpaid order on the server (the catalogue, group sizes, the late-entry surcharge)
   * and freezes its lines and totals: checkout, and an organiser recording a payment for a cart.
   * `expectTotalCents`, when given, must be the total, or nothing is frozen (PRICE_DIFFERS).
   */
  async function priceAndFreeze(
    /** The order described as a cart (`describeOrder({ ...row, totalCents: null })`). */
    order: Order,
    /** The family's confirmation, and the provider it pays with (none when paid by hand). */
    confirmation: { email: string; whatsApp: boolean; provider?: string },
    expectTotalCents?: number,
  ): Promise<number> {
    const orderId = order.id;
    if (order.orderItems.length === 0)
      throw badRequest('EMPTY_CART', CHECKOUT_TEXT.say('emptyCart'));
    const {
      prices,
      subtotalCents,
      surchargeCents: surcharge,
      totalCents,
    } = await priceOrder(deps, order);
    if (expectTotalCents !== undefined && expectTotalCents !== totalCents) {
      throw new AppError(
        409,
        'PRICE_DIFFERS',
        `The amount must equal the order's total, ${formatRand(totalCents)}.`,
      );
    }
    const frozen = await repo.freezeOrder(
      db,
      orderId,
      prices,
      {
        subtotalCents,
        surchargeCents: surcharge,
        totalCents,
        sendWhatsAppConfirmation: confirmation.whatsApp,
        confirmationEmail: confirmation.email,
        ...(confirmation.provider ? { paymentProvider: confirmation.provider } : {}),
      },
      new Date(deps.now()),
    );
    if (frozen === 'not_payable')
      throw new AppError(409, 'NOT_PAYABLE', CHECKOUT_TEXT.say('notPayable'));
    if (frozen === 'changed') {
      throw new AppError(409, 'CART_CHANGED', CHECKOUT_TEXT.say('cartChanged'));
    }
    return totalCents;
  }

  return { priceAndFreeze, priceOrder: (order: Order) => priceOrder(deps, order) };
}
