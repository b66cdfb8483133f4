import type { AuditPage } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import AuditLogPage from './AuditLogPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const page: AuditPage = {
  total: 2,
  entries: [
    {
      id: 9,
      at: '2026-11-25T08:30:00.000Z',
      actor: 'Olwethu Staff',
      action: 'item.retire',
      entityType: 'item',
      entityId: '12',
      details: { eventId: 2, before: { retired: false }, after: { retired: true } },
    },
    {
      id: 8,
      at: '2026-11-25T08:00:00.000Z',
      actor: null,
      action: 'payment.credited',
      entityType: 'order',
      entityId: '7',
      details: { amount: 16000 },
    },
  ],
};

describe('AuditLogPage (/staff/audit-log)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists who changed what with before and after, and searches the log', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/AuditLog') return [200, page];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/audit-log', element: <AuditLogPage /> }], '/staff/audit-log');
    const table = await screen.findByRole('region', { name: 'Changes' });
    const retire = within(table).getByRole('row', { name: /item\.retire/ });
    expect(retire).toHaveTextContent('Olwethu Staff');
    expect(retire).toHaveTextContent('item 12');
    expect(within(retire).getByText('Before')).toBeInTheDocument();
    expect(within(retire).getByText(/"retired": true/)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /payment\.credited/ })).toHaveTextContent(
      'The system',
    );

    await user.type(screen.getByRole('textbox', { name: 'Search the log' }), 'retire');
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('search') === 'retire')).toBe(true),
    );
  });

  it('narrows the log to one action and one type of record', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/AuditLog/Kinds')
        return [
          200,
          { actions: ['item.retire', 'payment.credited'], entityTypes: ['item', 'order'] },
        ];
      if (r.path === '/api/Staff/AuditLog') return [200, page];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/audit-log', element: <AuditLogPage /> }], '/staff/audit-log');
    await screen.findByRole('region', { name: 'Changes' });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'item.retire', hidden: true }));
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('action') === 'item.retire')).toBe(true),
    );
    await user.click(screen.getByRole('combobox', { name: 'Record type' }));
    await user.click(await screen.findByRole('option', { name: 'item', hidden: true }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.query.get('action') === 'item.retire' && r.query.get('entityType') === 'item',
        ),
      ).toBe(true),
    );
  });
});
