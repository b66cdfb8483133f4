import type { ClassEntries } from '@eisteddfod/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { CUSTOMER_ID } from '../../../test/catalogue-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CLASS_ID, teachingAnswers } from '../../../test/teaching-fixtures.ts';
import ClassEntriesPage from './ClassEntriesPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const path = `/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Entries`;
const entries = teachingAnswers[path] as ClassEntries;

function show(answer: ClassEntries) {
  mockApi((r) => (r.path === path ? [200, answer] : [404, apiError(404, 'NOT_FOUND')]));
  const url = `/teaching/class/${CLASS_ID}/entries`;
  renderRoutes(
    [{ path: '/teaching/class/:membershipId/entries', element: <ClassEntriesPage /> }],
    url,
  );
}

// Decision 067: each entry's place in the uploads portal, and the results pack after release.
describe('ClassEntriesPage', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('links an entry that needs a file or finalising straight to it in the uploads portal', async () => {
    show({ ...entries, resultsReleased: false });
    const upload = await screen.findByRole('link', { name: 'Upload for Lerato Dube: DA102' });
    expect(upload).toHaveAttribute('href', '/uploads?participant=301&item=DA102');
    expect(screen.getByRole('link', { name: 'Finalise for Lerato Dube: DA102' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('offers the results CSV and the certificates ZIP once the results are released', async () => {
    show({ ...entries, resultsReleased: true });
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(results).toContainElement(
      screen.getByRole('button', { name: 'Download results (CSV)' }),
    );
    expect(results).toContainElement(
      screen.getByRole('button', { name: 'Download certificates (ZIP)' }),
    );
  });
});
