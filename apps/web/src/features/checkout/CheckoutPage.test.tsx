import type { Customer } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockAnswer, type MockRequest } from '../../test/api-mock.ts';
import { cartText } from '../../shared/cart/text.ts';
import { checkoutText as M } from '../../shared/checkout/text.ts';
import { renderRoutes } from '../../test/render.tsx';
import { CUSTOMER_ID, makeItem, makeOrder, makeOrderItem } from '../../test/catalogue-server.ts';
import { goToPaymentProvider } from './api/redirect.ts';
import CheckoutPage from './CheckoutPage.tsx';
import { checkoutServer, makeCustomer } from './test-server.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { WRONG_PIN } from '../../shared/pins/wrong-pin.ts';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('./api/redirect.ts', () => ({ goToPaymentProvider: vi.fn() }));
const show = vi.mocked(notifications.show);
const redirect = vi.mocked(goToPaymentProvider);

const poem = makeItem(1);
const choir = makeItem(2, { isGroupItem: true, minimumParticipants: 3, maximumParticipants: 8 });
const late = makeItem(3, { deadlinePassed: true });
const lindiwePoem = makeOrderItem(poem);
const choirComplete = makeOrderItem(choir, { price: 25000 });
const siphoPoem = makeOrderItem(poem, {
  id: 777,
  participantProfileId: 8,
  participantFirstName: 'Sipho',
  participantSurname: 'Dlamini',
});
const routes = [
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/participant-profiles', element: <p>contestants</p> },
];
const LINK = 'http://localhost/api/payments/sandbox/900?ref=abc';
const lastToast = () => show.mock.lastCall?.[0];
const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });
const isPaymentLink = (path: string) => path.startsWith('/api/Orders/900/PaymentLink/');

describe('CheckoutPage (spec 2, 4 and 5, "Checkout")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
    localStorage.setItem('cart', '900');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the order per contestant with totals, group state and late items', async () => {
    const cart = makeOrder([
      lindiwePoem,
      makeOrderItem(choir, { price: 25000, groupInformationNeeded: true }),
      makeOrderItem(late),
      siphoPoem,
    ]);
    mockApi(checkoutServer({ cart }));
    renderRoutes(routes, '/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    expect(screen.getByText('Step 4 of 4: Make Payment')).toBeInTheDocument();
    const lindiwe = await screen.findByRole('region', { name: 'Contestant: Lindiwe Zulu' });
    const sipho = screen.getByRole('region', { name: 'Contestant: Sipho Dlamini' });
    expect(within(lindiwe).getAllByRole('listitem')).toHaveLength(3);
    expect(within(lindiwe).getByText(cartText('groupInfoNeeded'))).toBeInTheDocument();
    expect(within(lindiwe).getByText(M('late'))).toBeInTheDocument();
    expect(within(lindiwe).getAllByRole('button', { name: /Manage Contestants/ })).toHaveLength(1);
    expect(within(lindiwe).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    expect(within(lindiwe).getByText('Contestant Total').nextSibling).toHaveTextContent('R 570.00');
    expect(within(sipho).getByText('Contestant Total').nextSibling).toHaveTextContent('R 160.00');
    expect(screen.getByTestId('grand-total')).toHaveTextContent('R 730.00');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Thandi');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue('0821234567');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('thandi@example.org');
    expect(screen.getByRole('link', { name: 'Add More Items' })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
    expect(screen.getByText(/redirected to our payment provider/)).toBeInTheDocument();
    expect(screen.queryByText(/late-entry surcharge/)).not.toBeInTheDocument();
  });

  it('puts the order, its total and Proceed to Payment before Your Details (issue 32)', async () => {
    mockApi(checkoutServer({ cart: makeOrder([lindiwePoem, siphoPoem]) }));
    renderRoutes(routes, '/checkout');
    const summary = await screen.findByRole('heading', { level: 2, name: 'Order Summary' });
    const details = screen.getByRole('heading', { level: 2, name: 'Your Details' });
    const before = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(summary, details)).toBe(true);
    expect(before(screen.getByTestId('grand-total'), details)).toBe(true);
    expect(before(proceed(), details)).toBe(true);
  });

  it('runs the checks in the spec order before any payment request, then pays', async () => {
    let cart = makeOrder([
      lindiwePoem,
      makeOrderItem(choir, { price: 25000, groupInformationNeeded: true }),
      makeOrderItem(late),
    ]);
    const requests = mockApi(
      checkoutServer({
        answer: (request) => {
          if (request.path === '/api/Orders/900') return [200, cart];
          if (request.method === 'PUT') return [200, makeCustomer(request.body as object)];
          if (isPaymentLink(request.path)) return [200, { link: LINK }];
          return undefined;
        },
      }),
    );
    const user = userEvent.setup();
    let view = renderRoutes(routes, '/checkout');
    await screen.findByRole('region', { name: 'Contestant: Lindiwe Zulu' });

    await user.click(proceed());
    expect(lastToast()).toEqual(
      expect.objectContaining({ color: 'orange', message: M('groupDetails') }),
    );

    // The group is completed and the cart reloaded: the late item is next.
    cart = makeOrder([lindiwePoem, choirComplete, makeOrderItem(late)]);
    view.unmount();
    view = renderRoutes(routes, '/checkout');
    await screen.findByRole('region', { name: 'Contestant: Lindiwe Zulu' });
    await waitFor(() => expect(screen.queryByText(cartText('groupInfoNeeded'))).toBeNull());
    await user.click(proceed());
    expect(lastToast()).toEqual(expect.objectContaining({ message: M('deadlinePassed') }));

    cart = makeOrder([lindiwePoem, choirComplete]);
    view.unmount();
    view = renderRoutes(routes, '/checkout');
    await screen.findByRole('region', { name: 'Contestant: Lindiwe Zulu' });
    await waitFor(() => expect(screen.queryByText(M('late'))).toBeNull());
    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await user.clear(firstName);
    await user.click(proceed());
    expect(lastToast()).toEqual(expect.objectContaining({ message: M('names') }));
    // Issue 32: the field at fault is marked and has the focus; the other is not marked.
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Surname' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.type(firstName, 'Thandeka');
    expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'thandi@');
    await user.click(proceed());
    expect(lastToast()).toEqual(expect.objectContaining({ message: M('email') }));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('thandi@');
    expect(requests.some((r) => isPaymentLink(r.path) || r.method === 'PUT')).toBe(false);

    await user.type(email, 'example.org');
    await user.click(proceed());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/api/Customers/${CUSTOMER_ID}`);
    expect(put?.body).toEqual({ firstName: 'Thandeka', surname: 'Nkosi', country: 'South Africa' });
    const pay = requests.find((r) => isPaymentLink(r.path));
    expect(pay?.path).toBe('/api/Orders/900/PaymentLink/thandi%40example.org');
    expect(pay?.query.get('sendWhatsAppConfirmation')).toBe('false');
    expect(requests.indexOf(put!)).toBeLessThan(requests.indexOf(pay!));
  });

  it('asks for a valid mobile number only for a WhatsApp confirmation, and remembers the choice', async () => {
    const cart = makeOrder([lindiwePoem]);
    const requests = mockApi(
      checkoutServer({
        cart,
        customer: makeCustomer({ mobileNumber: '08212' }),
        answer: (request) => (isPaymentLink(request.path) ? [200, { link: LINK }] : undefined),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout');
    const whatsApp = await screen.findByRole('checkbox', { name: /Receive WhatsApp Confirmation/ });
    await user.click(whatsApp);
    expect(localStorage.getItem('whatsAppConfirmation')).toBe('true');
    await user.click(proceed());
    expect(lastToast()).toEqual(expect.objectContaining({ message: M('mobile') }));
    expect(requests.some((r) => isPaymentLink(r.path))).toBe(false);

    await user.click(whatsApp);
    expect(localStorage.getItem('whatsAppConfirmation')).toBe('false');
    await user.click(proceed());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('lets a customer without a mobile number pay, without WhatsApp', async () => {
    localStorage.setItem('whatsAppConfirmation', 'true');
    const requests = mockApi(
      checkoutServer({
        cart: makeOrder([lindiwePoem]),
        customer: makeCustomer({ mobileNumber: null }),
        answer: (request) => (isPaymentLink(request.path) ? [200, { link: LINK }] : undefined),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout');
    const whatsApp = await screen.findByRole('checkbox', { name: /Receive WhatsApp Confirmation/ });
    expect(whatsApp).toBeDisabled();
    expect(whatsApp).not.toBeChecked();
    await user.click(proceed());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
    expect(requests.find((r) => isPaymentLink(r.path))?.query.get('sendWhatsAppConfirmation')).toBe(
      'false',
    );
  });

  describe('a mobile number added with a code (decision 050)', () => {
    const CONTACT_PIN = `/api/Customers/${CUSTOMER_ID}/ContactPin`;
    /** An account registered by email: the number is stored once the right code comes back. */
    function addingServer(start: Partial<Customer> = {}) {
      let customer = makeCustomer({ mobileNumber: null, mobileNumberVerified: false, ...start });
      let sentTo: string | undefined;
      const answer = (request: MockRequest): MockAnswer | undefined => {
        if (request.path === `/api/Customers/${CUSTOMER_ID}` && request.method === 'GET')
          return [200, customer];
        if (request.path === CONTACT_PIN && request.method === 'POST') {
          sentTo = (request.body as { mobileNumber: string }).mobileNumber;
          return [200, { channel: 'whatsapp', sentTo: '+27•••••321', resendAfterSeconds: 90 }];
        }
        if (request.path === CONTACT_PIN && request.method === 'PUT') {
          const body = request.body as { pin: string; mobileNumber: string };
          const right = body.pin === '123456' && body.mobileNumber === sentTo;
          if (right)
            customer = { ...customer, mobileNumber: body.mobileNumber, mobileNumberVerified: true };
          return [200, right];
        }
        if (isPaymentLink(request.path)) return [200, { link: LINK }];
        return undefined;
      };
      return mockApi(checkoutServer({ cart: makeOrder([lindiwePoem]), answer }));
    }
    const digit = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

    it('sends a code to the typed number, keeps everything on a wrong code, then allows WhatsApp', async () => {
      const requests = addingServer();
      const user = userEvent.setup();
      renderRoutes(routes, '/checkout');
      const mobile = await screen.findByRole('textbox', { name: 'Mobile Number' });
      const whatsApp = screen.getByRole('checkbox', { name: /Receive WhatsApp Confirmation/ });
      expect(mobile).not.toHaveAttribute('readonly');
      expect(mobile).toHaveAccessibleDescription(/There is no mobile number on your account\./);
      expect(whatsApp).toBeDisabled();

      // A number registration would refuse is marked, kept, and sent nowhere.
      await user.type(mobile, '0827');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(lastToast()).toEqual(
        expect.objectContaining({ color: 'orange', message: M('mobile') }),
      );
      expect(mobile).toHaveAttribute('aria-invalid', 'true');
      expect(mobile).toHaveFocus();
      expect(mobile).toHaveValue('0827');
      expect(requests.some((r) => r.path === CONTACT_PIN)).toBe(false);

      await user.type(mobile, '654 321');
      expect(mobile).toHaveValue('0827654321');
      expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      const step = await screen.findByRole('region', { name: 'Confirm your mobile number' });
      expect(within(step).getByText('+27•••••321')).toBeInTheDocument();
      expect(requests.find((r) => r.path === CONTACT_PIN)?.body).toEqual({
        contact: 'mobileNumber',
        mobileNumber: '0827654321',
      });
      expect(within(step).getByRole('button', { name: 'Send New Code' })).toBeDisabled();

      await user.type(digit(1), '654321');
      await user.click(within(step).getByRole('button', { name: 'Verify Code' }));
      await waitFor(() =>
        expect(lastToast()).toEqual(
          expect.objectContaining({ color: 'orange', message: accountText('pinInvalid') }),
        ),
      );
      // Nothing typed is lost: the number, and the code's digits, marked.
      expect(mobile).toHaveValue('0827654321');
      expect(digit(1)).toHaveValue('6');
      expect(digit(1)).toHaveAttribute('aria-invalid', 'true');
      expect(within(step).getByText(WRONG_PIN)).toBeInTheDocument();
      expect(whatsApp).toBeDisabled();

      for (const [n, d] of [...'123456'].entries()) {
        await user.clear(digit(n + 1));
        await user.type(digit(n + 1), d);
      }
      await user.click(within(step).getByRole('button', { name: 'Verify Code' }));
      await waitFor(() =>
        expect(lastToast()).toEqual(
          expect.objectContaining({ color: 'teal', message: accountText('contactVerified') }),
        ),
      );
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveAttribute('readonly'),
      );
      expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue('0827654321');
      expect(screen.queryByRole('region', { name: 'Confirm your mobile number' })).toBeNull();
      expect(
        requests.filter((r) => r.path === CONTACT_PIN && r.method === 'PUT').map((r) => r.body),
      ).toEqual([
        { contact: 'mobileNumber', pin: '654321', mobileNumber: '0827654321' },
        { contact: 'mobileNumber', pin: '123456', mobileNumber: '0827654321' },
      ]);

      const nowAllowed = screen.getByRole('checkbox', { name: /Receive WhatsApp Confirmation/ });
      expect(nowAllowed).toBeEnabled();
      await user.click(nowAllowed);
      await user.click(proceed());
      await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
      expect(
        requests.find((r) => isPaymentLink(r.path))?.query.get('sendWhatsAppConfirmation'),
      ).toBe('true');
      // The number is the account's through its code, never through the profile's update.
      expect(
        requests.some((r) => r.method === 'PUT' && r.path === `/api/Customers/${CUSTOMER_ID}`),
      ).toBe(false);
    }, 45_000);

    it('offers a code for a typed number never proved; WhatsApp waits for it', async () => {
      localStorage.setItem('whatsAppConfirmation', 'true');
      const requests = addingServer({ mobileNumber: '0821234567' });
      const user = userEvent.setup();
      renderRoutes(routes, '/checkout');
      const mobile = await screen.findByRole('textbox', { name: 'Mobile Number' });
      expect(mobile).toHaveValue('0821234567');
      expect(mobile).toHaveAccessibleDescription(/Not verified yet/);
      const whatsApp = screen.getByRole('checkbox', { name: /Receive WhatsApp Confirmation/ });
      expect(whatsApp).toBeDisabled();
      expect(whatsApp).not.toBeChecked();
      // Typing another number closes the step: its code was for the number it went to.
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByRole('region', { name: 'Confirm your mobile number' });
      await user.type(mobile, '9');
      expect(screen.queryByRole('region', { name: 'Confirm your mobile number' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Send code' })).toBeVisible();
      await user.click(proceed());
      await waitFor(() => expect(redirect).toHaveBeenCalledWith(LINK));
      expect(
        requests.find((r) => isPaymentLink(r.path))?.query.get('sendWhatsAppConfirmation'),
      ).toBe('false');
    });

    it('shows a proved number read-only, with nothing to send', async () => {
      mockApi(checkoutServer({ cart: makeOrder([lindiwePoem]) }));
      renderRoutes(routes, '/checkout');
      const mobile = await screen.findByRole('textbox', { name: 'Mobile Number' });
      expect(mobile).toHaveAttribute('readonly');
      expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
      expect(screen.getByRole('checkbox', { name: /Receive WhatsApp Confirmation/ })).toBeEnabled();
    });
  });

  it("shows the server's refusal as a warning and reloads the cart", async () => {
    const requests = mockApi(
      checkoutServer({
        cart: makeOrder([lindiwePoem]),
        answer: (request) =>
          isPaymentLink(request.path)
            ? [409, apiError(409, 'CART_CHANGED', 'Your cart changed while you were checking out.')]
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/checkout');
    await screen.findByRole('region', { name: 'Contestant: Lindiwe Zulu' });
    const before = requests.filter((r) => r.path === '/api/Orders/900').length;
    await user.click(proceed());
    await waitFor(() =>
      expect(lastToast()).toEqual(
        expect.objectContaining({
          color: 'orange',
          message: 'Your cart changed while you were checking out.',
        }),
      ),
    );
    expect(redirect).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/Orders/900').length).toBeGreaterThan(before),
    );
  });

  it('discards an empty cart and says so', async () => {
    mockApi(checkoutServer({ cart: makeOrder([]) }));
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText(M('emptyCart'))).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('cart')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add More Items' })).toBeVisible();
    // Spec 2: the progress shows only when a cart exists; an empty one showed three steps done.
    expect(screen.queryByText('Step 4 of 4: Make Payment')).not.toBeInTheDocument();
  });

  it('says so when the parent cancelled on the pay page, and nothing more after that', async () => {
    mockApi(checkoutServer({ cart: makeOrder([lindiwePoem]) }));
    const { router } = renderRoutes(routes, '/checkout?payment=cancelled');
    expect(await screen.findByText(M('paymentCancelled'))).toBeVisible();
    expect(screen.getByText(M('paymentCancelledTitle'))).toBeVisible();
    await router.navigate('/checkout');
    await waitFor(() => expect(screen.queryByText(M('paymentCancelled'))).not.toBeInTheDocument());
  });

  it('adds the late-entry surcharge from the late-entry date', async () => {
    mockApi(
      checkoutServer({
        cart: makeOrder([lindiwePoem, choirComplete]),
        answer: (request) =>
          request.path === '/api/Eisteddfods/1' ? [200, PUBLIC_SITE.event] : undefined,
      }),
    );
    renderRoutes(routes, '/checkout');
    expect(
      await screen.findByText('A 50% late-entry surcharge is added to the total.'),
    ).toBeVisible();
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('R 410.00');
    expect(screen.getByText('Late-entry surcharge').nextSibling).toHaveTextContent('R 205.00');
    expect(screen.getByTestId('grand-total')).toHaveTextContent('R 615.00');
  });
});
