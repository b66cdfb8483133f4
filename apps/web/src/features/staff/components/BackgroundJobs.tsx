import type { JobsReport } from '@eisteddfod/shared';
import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import { useJobsReport } from '../api/overview/get-jobs-report.ts';
import { DataTable, type Column } from './DataTable.tsx';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type Queue = JobsReport['queues'][number];

/**
 * A queue's state in words, so that a row that is not a problem does not read as one (issue 34:
 * "Messages whose delivery was lost: Done 13" read as 13 lost messages; it is a check that ran
 * 13 times and found nothing to do).
 */
function State({ queue }: { queue: Queue }) {
  if (queue.failed > 0)
    return (
      <Badge color="red" variant="light" c="black">
        {queue.failed} failed
      </Badge>
    );
  if (queue.waiting > 0 || queue.running > 0)
    return (
      <Badge color="blue" variant="light" c="black">
        Working
      </Badge>
    );
  return (
    <Badge color="green" variant="light" c="black">
      {queue.scheduled ? 'Running on schedule' : 'Nothing waiting'}
    </Badge>
  );
}

const WORK_COLUMNS: Column<Queue>[] = [
  { key: 'job', header: 'Job', cell: (q) => q.label },
  { key: 'waiting', header: 'Waiting', cell: (q) => q.waiting },
  { key: 'running', header: 'Running', cell: (q) => q.running },
  { key: 'done', header: 'Done', cell: (q) => q.done },
  { key: 'failed', header: 'Failed', cell: (q) => q.failed },
  { key: 'state', header: 'State', cell: (q) => <State queue={q} /> },
];

const CHECK_COLUMNS: Column<Queue>[] = [
  { key: 'check', header: 'Check', cell: (q) => q.label },
  { key: 'runs', header: 'Runs', cell: (q) => q.done },
  { key: 'failed', header: 'Failed runs', cell: (q) => q.failed },
  { key: 'state', header: 'State', cell: (q) => <State queue={q} /> },
];

function Failures({ failures }: { failures: JobsReport['failures'] }) {
  if (failures.length === 0) return <Text size="sm">No job has failed.</Text>;
  return (
    <Alert color="red" title="Jobs that gave up after every retry">
      <Stack gap="xs">
        {failures.slice(0, 10).map((f) => (
          <Text size="sm" key={f.id}>
            {f.label}, {when.format(new Date(f.failedAt))}, after {f.attempts}{' '}
            {f.attempts === 1 ? 'attempt' : 'attempts'}: {f.error}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

const OUTAGE: Record<JobsReport['heldBack'][number]['heldBy'], string> = {
  storage: 'storage',
  'video-host': 'the video host',
};

/**
 * Files an outage keeps from processing (decision 038): they are not failed, and are processed
 * once it is over; the organiser knows why the backlog does not move.
 */
function HeldBack({ heldBack }: { heldBack: JobsReport['heldBack'] }) {
  if (heldBack.length === 0) return null;
  return (
    <Alert color="yellow" title="Files held back by an outage">
      <Stack gap="xs">
        {heldBack.map((h) => (
          <Text size="sm" key={h.heldBy}>
            {h.files} {h.files === 1 ? 'file' : 'files'} held back by {OUTAGE[h.heldBy]}, waiting
            since {when.format(new Date(h.oldest))}: each is tried again every minute, without
            spending its attempts, and processed once {OUTAGE[h.heldBy]} answers.
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * The organiser's view of background work (plugins/jobs.ts on the API), a page of its own in the
 * console: what needs attention first (files held back, jobs that gave up), then the work queued
 * as it comes (certificates, messages), then the checks that run on a schedule.
 */
export function BackgroundJobs() {
  const report = useJobsReport();
  if (report.isPending) return <Text>Loading the jobs…</Text>;
  if (report.isError) return <Text>The jobs could not be loaded.</Text>;
  const { queues, heldBack, failures } = report.data;
  return (
    <Stack gap="lg">
      <HeldBack heldBack={heldBack} />
      <Failures failures={failures} />
      <section aria-labelledby="work-heading">
        <Title order={2} id="work-heading" mb="sm">
          Work in the background
        </Title>
        <DataTable
          label="Background jobs"
          minWidth={560}
          columns={WORK_COLUMNS}
          rows={queues.filter((q) => !q.scheduled)}
          rowKey={(q) => q.name}
          empty="No background jobs."
        />
      </section>
      <section aria-labelledby="checks-heading">
        <Title order={2} id="checks-heading" mb="xs">
          Scheduled checks
        </Title>
        <Text size="sm" mb="sm">
          Each runs every few minutes or every night and looks for work left behind; a run that
          finds nothing is a good run.
        </Text>
        <DataTable
          label="Scheduled checks"
          minWidth={480}
          columns={CHECK_COLUMNS}
          rows={queues.filter((q) => q.scheduled)}
          rowKey={(q) => q.name}
          empty="No scheduled checks."
        />
      </section>
    </Stack>
  );
}
