import { formatRand, type Order } from '@eisteddfod/shared';
import { escapeHtml, payPageFrame } from '../pay-page.ts';
import { text } from '../text.ts';

/** The built-in sandbox provider's hosted page: the amount, then Pay or Cancel. */
export function sandboxPayPage(
  order: Order,
  totalCents: number,
  urls: { pay: string; cancel: string },
): string {
  const say = (...args: Parameters<typeof text>) => escapeHtml(text(...args));
  const rows = order.orderItems
    .map(
      (i) =>
        `<tr><td>${escapeHtml(`${i.participantFirstName} ${i.participantSurname}`)}</td><td>${escapeHtml(i.itemCode)}</td><td class="num">${formatRand(i.price)}</td></tr>`,
    )
    .join('');
  const pay = say('pay', { amount: formatRand(totalCents) });
  return payPageFrame(
    text('sandboxTitle'),
    `<p class="badge">${say('sandboxBadge')}</p>
<h1>${pay}</h1>
<p>${say('order', { orderNumber: order.orderNumber })}</p>
<table><thead><tr><th>${say('contestant')}</th><th>${say('item')}</th><th class="num">${say('price')}</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><th colspan="2">${say('total')}</th><th class="num">${formatRand(totalCents)}</th></tr></tfoot></table>
<form method="post" action="${escapeHtml(urls.pay)}"><button class="pay" type="submit">${pay}</button></form>
<form method="post" action="${escapeHtml(urls.cancel)}"><button class="cancel" type="submit">${say('cancel')}</button></form>`,
  );
}
