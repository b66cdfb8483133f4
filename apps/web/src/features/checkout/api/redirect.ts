/** Leaves the app for the payment provider's page (a separate module, so tests can stub it). */
export function goToPaymentProvider(link: string): void {
  window.location.assign(link);
}
