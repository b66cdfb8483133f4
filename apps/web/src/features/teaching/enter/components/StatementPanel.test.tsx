import type { SchoolStatement } from '@eisteddfod/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../../test/api-mock.ts';
import { CUSTOMER_ID } from '../../../../test/catalogue-server.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { CLASS_ID, teachingAnswers } from '../../../../test/teaching-fixtures.ts';
import { StatementPanel } from './StatementPanel.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const path = `/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Statement`;
const own = teachingAnswers[path] as SchoolStatement;
/** A coordinator's: the school's two teachers' orders, the other teacher's not their own. */
const school: SchoolStatement = {
  ...own,
  wholeSchool: true,
  orders: [
    ...own.orders,
    {
      ...own.orders[0]!,
      orderId: 72,
      reference: 'S0002C5',
      teacherName: 'Sipho Colleague',
      own: false,
    },
  ],
};

function show(answer: SchoolStatement) {
  const requests = mockApi((r) =>
    r.path === path
      ? [200, answer]
      : r.path === `${path}/Pdf`
        ? [200, {}]
        : [404, apiError(404, 'NOT_FOUND')],
  );
  renderRoutes(
    [
      {
        path: '/class',
        element: <StatementPanel customerId={CUSTOMER_ID} membershipId={CLASS_ID} />,
      },
    ],
    '/class',
  );
  return requests;
}

// Decision 066: the school's statement PDF is its coordinator's; a teacher has their own order's.
describe('StatementPanel', () => {
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

  it("offers a coordinator the school's statement and downloads it with the session", async () => {
    const requests = show(school);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: "Download the school's statement (PDF)" }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const call = requests.find((r) => r.path === `${path}/Pdf`);
    expect(call?.authorization).toBe('Bearer session-token');
    // Another teacher's order: its figures, never its invoice.
    expect(screen.getAllByRole('button', { name: 'Download the statement (PDF)' })).toHaveLength(1);
  });

  it("offers a teacher their own order's statement only", async () => {
    show(own);
    expect(
      await screen.findByRole('button', { name: 'Download the statement (PDF)' }),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: "Download the school's statement (PDF)" }),
    ).not.toBeInTheDocument();
  });
});
