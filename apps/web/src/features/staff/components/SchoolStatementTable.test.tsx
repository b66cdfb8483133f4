import type { SchoolStatement } from '@eisteddfod/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SchoolStatementTable } from './SchoolStatementTable.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const order = {
  orderId: 71,
  orderNumber: 'E2025-000071',
  reference: 'S0002B7',
  teacherName: 'Thandi Teacher',
  status: 'awaiting_payment' as const,
  own: false,
  entries: 7,
  totalCents: 112000,
  paidCents: 0,
  owedCents: 112000,
  refundedCents: 0,
};
const statement = (orders: SchoolStatement['orders']): SchoolStatement => ({
  schoolName: 'Jacaranda Primary',
  wholeSchool: true,
  orders,
  totals: { entries: 7, totalCents: 112000, paidCents: 0, owedCents: 112000, refundedCents: 0 },
  banking: null,
});

function show(answer: SchoolStatement) {
  const requests = mockApi((r) =>
    r.path === '/api/Staff/Schools/5/Statement'
      ? [200, answer]
      : r.path === '/api/Staff/Schools/5/Statement/Pdf'
        ? [200, {}]
        : [404, apiError(404, 'NOT_FOUND')],
  );
  renderRoutes([{ path: '/school', element: <SchoolStatementTable schoolId={5} /> }], '/school');
  return requests;
}

// The console's School page (decision 066): the school's figures, and its statement as a PDF.
describe('SchoolStatementTable', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    URL.createObjectURL = vi.fn(() => 'blob:statement');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('downloads the school’s statement PDF with the session', async () => {
    const requests = show(statement([order]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download the statement (PDF)' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const call = requests.find((r) => r.path === '/api/Staff/Schools/5/Statement/Pdf');
    expect(call?.authorization).toBe('Bearer session-token');
    expect(screen.getByRole('cell', { name: 'S0002B7' })).toBeVisible();
  });

  it('offers no PDF while no teacher of the school has entries', async () => {
    show(statement([]));
    expect(
      await screen.findByText('No teacher of the school has entries in the live event.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });
});
