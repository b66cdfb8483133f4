import type {
  NotificationsPage,
  PaymentRow,
  PaymentsPage as PaymentsPageData,
  Reconciliation,
} from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import PaymentsPage from './PaymentsPage.tsx';
import { RecordPaymentDialog } from './components/RecordPaymentDialog.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const sums: Reconciliation = {
  chargedCents: 48000,
  paidOrders: 3,
  providerCents: 16000,
  manualCents: 16000,
  refundCents: 6000,
  creditCents: 0,
  netCents: 26000,
  differenceCents: -16000,
  discrepancies: [
    {
      orderId: 12,
      orderNumber: 'E2026-000012',
      familyName: 'Thandi Mokoena',
      totalCents: 16000,
      receivedCents: 0,
      reason: 'Paid, but no payment is recorded.',
    },
  ],
};

const row = (over: Partial<PaymentRow>): PaymentRow => ({
  key: 'provider:1',
  kind: 'provider_payment',
  at: '2026-04-02T08:00:00.000Z',
  date: '2026-04-02',
  orderId: 10,
  orderNumber: 'E2026-000010',
  familyName: 'Ayanda Dlamini',
  eventId: 2,
  method: 'payfast',
  reference: '1234567',
  amountCents: 16000,
  state: 'credited',
  note: null,
  ...over,
});
const payments: PaymentsPageData = {
  total: 2,
  rows: [
    row({}),
    row({
      key: 'manual:1',
      kind: 'manual_payment',
      orderId: 11,
      orderNumber: 'E2026-000011',
      familyName: 'Sipho Ndlovu',
      method: 'bank_transfer',
      reference: 'FNB ABC123',
      state: 'recorded',
    }),
  ],
};
const notifications: NotificationsPage = {
  total: 1,
  rows: [
    {
      id: 3,
      provider: 'payfast',
      at: '2026-04-02T08:00:00.000Z',
      orderId: 10,
      orderNumber: 'E2026-000010',
      providerReference: '999',
      amountCents: 16000,
      providerState: 'COMPLETE',
      outcome: 'bad_signature',
      failed: true,
      reason: 'The signature did not match: not sent by the provider, or changed on the way.',
    },
  ],
};

function serve() {
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Events')
      return [200, { events: [{ ...staffEvent, isServed: true }], servedByConfiguration: null }];
    if (r.path === '/api/Staff/Payments/Reconciliation') return [200, sums];
    if (r.path === '/api/Staff/Payments/Notifications') return [200, notifications];
    if (r.path === '/api/Staff/Payments') return [200, payments];
    if (r.path === '/api/Staff/Orders/10/Adjustments' && r.method === 'POST') {
      return [
        201,
        {
          id: 1,
          kind: 'refund',
          method: null,
          reference: 'REF-1',
          amountCents: 6000,
          orderId: 10,
          orderNumber: 'E2026-000010',
          receivedOn: '2026-04-03',
          note: 'Agreed',
          recordedBy: 'Olwethu Staff',
          createdAt: '2026-04-03T08:00:00.000Z',
        },
      ];
    }
    if (r.path === '/api/Staff/Orders/20/ManualPayments' && r.method === 'POST') {
      return [
        201,
        {
          id: 2,
          kind: 'manual_payment',
          method: 'cash',
          reference: 'Receipt 7',
          amountCents: 16000,
          orderId: 20,
          orderNumber: 'E2026-000020',
          receivedOn: '2026-04-03',
          note: null,
          recordedBy: 'Olwethu Staff',
          createdAt: '2026-04-03T08:00:00.000Z',
        },
      ];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes([{ path: '/staff/payments', element: <PaymentsPage /> }], '/staff/payments');

describe('PaymentsPage (/staff/payments)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the totals for the served event, the orders to look at, and every payment', async () => {
    const requests = serve();
    render();
    expect(
      await screen.findByText('Charged to families', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('R 480.00')).toBeInTheDocument();
    expect(screen.getByText('R -160.00')).toBeInTheDocument();
    expect(screen.getByText(/Paid, but no payment is recorded/)).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Payments' });
    const manual = within(table).getByRole('row', { name: /Sipho Ndlovu/ });
    expect(within(manual).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(manual).getByText('FNB ABC123')).toBeInTheDocument();
    expect(
      requests.find((r) => r.path === '/api/Staff/Payments/Reconciliation')?.query.get('eventId'),
    ).toBe('2');
  });

  it('lists the notifications, the failed ones with why', async () => {
    serve();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const table = await screen.findByRole('region', { name: 'Payment notifications' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText(/signature did not match/)).toBeInTheDocument();
  });

  it('records a refund against a paid order', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('region', { name: 'Payments' });
    await user.click(
      within(table).getByRole('button', { name: 'Refund or credit order E2026-000010' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Refund or credit for order E2026-000010',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(within(dialog).getByText('Please say why.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (R)' }), '60');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'REF-1');
    const date = within(dialog).getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-04-03');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        kind: 'refund',
        method: null,
        reference: 'REF-1',
        receivedOn: '2026-04-03',
        amountCents: 6000,
        reason: 'Agreed',
      }),
    );
  });
});

describe('RecordPaymentDialog (used by the family desk too)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("records cash for the order's total and closes", async () => {
    const requests = serve();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <RecordPaymentDialog
              order={{ id: 20, orderNumber: 'E2026-000020', totalCents: 16000 }}
              opened
              onClose={onClose}
            />
          ),
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Record a payment for order E2026-000020',
    });
    expect(within(dialog).getByText('R 160.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText(/Please enter the reference/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Cash', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'Receipt 7');
    const date = within(dialog).getByLabelText(/^Date received/);
    await user.clear(date);
    await user.type(date, '2026-04-03');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      method: 'cash',
      reference: 'Receipt 7',
      receivedOn: '2026-04-03',
      amountCents: 16000,
    });
  });
});
