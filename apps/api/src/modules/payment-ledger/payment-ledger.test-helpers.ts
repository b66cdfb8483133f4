import type { Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/** An individual item with no instrument (R160 before the late-entry date). */
export async function plainItem(t: TestApp): Promise<Item> {
  const items = await catalogueItems(t);
  return items.find(
    (i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance',
  )!;
}

/** A family with a cart of one entry of `item`, and its account's email address. */
export async function familyWithCart(t: TestApp, item: Item) {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: profile,
  });
  if (added.statusCode !== 201) throw new Error(added.body);
  const [customer] = await t.database.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, f.id));
  return { f, cart, email: customer!.email! };
}

/** The family checks out (the order is frozen and awaits payment), without paying. */
export async function checkOut(
  f: Awaited<ReturnType<typeof createFamily>>,
  cart: number,
  email: string,
) {
  const res = await f.call(
    'GET',
    `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
  );
  if (res.statusCode !== 200) throw new Error(res.body);
}
