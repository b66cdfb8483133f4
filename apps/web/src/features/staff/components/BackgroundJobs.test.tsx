import type { JobsReport } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { BackgroundJobs } from './BackgroundJobs.tsx';

const report: JobsReport = {
  queues: [
    {
      name: 'certificates.make',
      label: 'Certificates',
      waiting: 120,
      running: 4,
      done: 876,
      failed: 1,
    },
    {
      name: 'outbox.deliver',
      label: 'Emails and WhatsApp messages',
      waiting: 0,
      running: 0,
      done: 31,
      failed: 0,
    },
  ],
  failures: [
    {
      id: 'a1',
      queue: 'certificates.make',
      label: 'Certificates',
      failedAt: '2025-06-20T08:15:00.000Z',
      attempts: 5,
      error: 'This entry has no published result.',
    },
  ],
  heldBack: [],
};

describe("BackgroundJobs (the console's jobs page)", () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows each queue by its label and every job that gave up, with its error', async () => {
    mockApi((r) =>
      r.path === '/api/Staff/Jobs' ? [200, report] : [404, apiError(404, 'NOT_FOUND')],
    );
    renderRoutes([{ path: '/staff', element: <BackgroundJobs /> }], '/staff');
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    const [certificates] = within(table).getAllByRole('row').slice(1);
    expect(certificates).toHaveTextContent(/Certificates\s*120\s*4\s*876\s*1/);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Jobs that gave up after every retry');
    expect(alert).toHaveTextContent(
      /Certificates, 20 Jun 2025, \d\d:\d\d, after 5 attempts: This entry has no published result\./,
    );
  });

  it('shows the files an outage holds back, apart from the jobs that failed', async () => {
    const held: JobsReport = {
      ...report,
      failures: [],
      heldBack: [{ heldBy: 'storage', files: 3, oldest: '2025-06-20T08:15:00.000Z' }],
    };
    mockApi((r) =>
      r.path === '/api/Staff/Jobs' ? [200, held] : [404, apiError(404, 'NOT_FOUND')],
    );
    renderRoutes([{ path: '/staff', element: <BackgroundJobs /> }], '/staff');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Files held back by an outage');
    expect(alert).toHaveTextContent(
      /3 files held back by storage, waiting since 20 Jun 2025, \d\d:\d\d: each is tried again every minute/,
    );
    expect(screen.getByText('No job has failed.')).toBeInTheDocument();
  });

  it('says so when nothing has failed', async () => {
    mockApi((r) =>
      r.path === '/api/Staff/Jobs'
        ? [200, { ...report, failures: [] }]
        : [404, apiError(404, 'NOT_FOUND')],
    );
    renderRoutes([{ path: '/staff', element: <BackgroundJobs /> }], '/staff');
    expect(await screen.findByText('No job has failed.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows checks run on a schedule apart from work, their runs as routine (issue 34)', async () => {
    const withChecks: JobsReport = {
      ...report,
      failures: [],
      queues: [
        ...report.queues,
        {
          name: 'outbox.sweep',
          label: 'Messages whose delivery was lost',
          waiting: 0,
          running: 0,
          done: 13,
          failed: 0,
          scheduled: true,
        },
      ],
    };
    mockApi((r) =>
      r.path === '/api/Staff/Jobs' ? [200, withChecks] : [404, apiError(404, 'NOT_FOUND')],
    );
    renderRoutes([{ path: '/staff', element: <BackgroundJobs /> }], '/staff');
    const work = await screen.findByRole('table', { name: 'Background jobs' });
    expect(within(work).queryByText('Messages whose delivery was lost')).not.toBeInTheDocument();
    const [certificates, messages] = within(work).getAllByRole('row').slice(1);
    expect(certificates).toHaveTextContent(/1 failed$/);
    expect(messages).toHaveTextContent(/Emails and WhatsApp messages.*Nothing waiting$/);
    const checks = screen.getByRole('table', { name: 'Scheduled checks' });
    const [sweep] = within(checks).getAllByRole('row').slice(1);
    expect(sweep).toHaveTextContent(
      /^Messages whose delivery was lost\s*13\s*0\s*Running on schedule$/,
    );
  });
});
