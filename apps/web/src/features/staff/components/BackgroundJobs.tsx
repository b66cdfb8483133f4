import type { JobsReport } from '@eisteddfod/shared';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useJobsReport } from '../api/overview/get-jobs-report.ts';
import { DataTable, type Column } from './DataTable.tsx';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

type Queue = JobsReport['queues'][number];

const QUEUE_COLUMNS: Column<Queue>[] = [
  { key: 'job', header: 'Job', cell: (q) => q.label },
  { key: 'waiting', header: 'Waiting', cell: (q) => q.waiting },
  { key: 'running', header: 'Running', cell: (q) => q.running },
  { key: 'done', header: 'Done', cell: (q) => q.done },
  { key: 'failed', header: 'Failed', cell: (q) => q.failed },
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
 * The organiser's view of background work (plugins/jobs.ts on the API): certificates being made,
 * messages being sent, the sweeps; and any job that failed after its retries, with its error.
 */
export function BackgroundJobs() {
  const report = useJobsReport();
  return (
    <section aria-labelledby="jobs-heading">
      <Title order={2} id="jobs-heading" mb="sm">
        Background jobs
      </Title>
      {report.isPending && <Text>Loading the jobs…</Text>}
      {report.isError && <Text>The jobs could not be loaded.</Text>}
      {report.data && (
        <Stack>
          <DataTable
            label="Background jobs"
            minWidth={480}
            columns={QUEUE_COLUMNS}
            rows={report.data.queues}
            rowKey={(q) => q.name}
            empty="No background jobs."
          />
          <HeldBack heldBack={report.data.heldBack} />
          <Failures failures={report.data.failures} />
        </Stack>
      )}
    </section>
  );
}
