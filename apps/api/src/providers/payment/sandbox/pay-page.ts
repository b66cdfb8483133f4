import { formatRand, type Order } from '@eisteddfod/shared';
import { escapeHtml, payPageFrame } from '../pay-page.ts';

/** The built-in sandbox provider's hosted page: the amount, then Pay or Cancel. */
export function sandboxPayPage(
  order: Order,
  totalCents: number,
  urls: { pay: string; cancel: string },
): string {
  const rows = order.orderItems
    .map(
      (i) =>
        `<tr><td>${escapeHtml(`${i.participantFirstName} ${i.participantSurname}`)}</td><td>${escapeHtml(i.itemCode)}</td><td class="num">${formatRand(i.price)}</td></tr>`,
    )
    .join('');
  return payPageFrame(
    'Sandbox payment',
    `<p class="badge">Sandbox payment provider · no real money moves</p>
<h1>Pay ${formatRand(totalCents)}</h1>
<p>Order ${escapeHtml(order.orderNumber)}</p>
<table><thead><tr><th>Contestant</th><th>Item</th><th class="num">Price</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><th colspan="2">Total</th><th class="num">${formatRand(totalCents)}</th></tr></tfoot></table>
<form method="post" action="${escapeHtml(urls.pay)}"><button class="pay" type="submit">Pay ${formatRand(totalCents)}</button></form>
<form method="post" action="${escapeHtml(urls.cancel)}"><button class="cancel" type="submit">Cancel</button></form>`,
  );
}
