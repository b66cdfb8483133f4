import { ApiRequestError, messageOf } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';
// The catalogues a cart refusal's messageId names (decision 057: the cart's, or a grade
// problem's), loaded wherever a refusal is shown, so that it is said by its id.
import '../../grades/text.ts';
import '../text.ts';

/** The server refused a cart change for a reason it names (spec 5 and 8 messages). */
export function isCartRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.body !== undefined &&
    [400, 404, 409].includes(error.status)
  );
}

/** The cart was checked out (in another tab, say) since this screen loaded it. */
export function isNotACart(error: unknown): boolean {
  return error instanceof ApiRequestError && error.body?.code === 'NOT_A_CART';
}

/**
 * A refusal shows the server's own words as a warning (instrument, duplicate, deadline, group
 * size); anything else goes to the global handling of spec 8.
 */
export function showCartError(error: unknown): void {
  if (isCartRefusal(error)) {
    toast('warning', messageOf(error));
    return;
  }
  handleHttpError(error);
}
