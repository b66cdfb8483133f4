import { SECTIONS, type CategoryResults, type Section } from '@eisteddfod/shared';
import { Button, Group, Menu, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePublishPreview } from './api/results/preview-publish.ts';
import { usePublish } from './api/results/publish-results.ts';
import { useRegenerateCertificates } from './api/results/regenerate-certificates.ts';
import { useReopenMark } from './api/results/reopen-mark.ts';
import { useResultsReview } from './api/results/review-results.ts';
import { MarkStatusBadge } from './components/MarkStatusBadge.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { toldSentence } from './components/told-sentence.ts';

/**
 * What publishing tells whom, asked of the server when the dialog opens (decision 033):
 * publishing never releases the gala page, and the dialog says so.
 */
function PublishQuestion({
  scope,
  told,
}: {
  scope: Section | 'all';
  told: ReturnType<typeof usePublishPreview>;
}) {
  const what = scope === 'all' ? 'every section' : scope;
  if (told.isPending) return <Text mb="md">Counting who is told…</Text>;
  if (!told.data)
    return (
      <Text mb="md" c="red.9">
        Who is told could not be counted. Close this and try again.
      </Text>
    );
  const marks = told.data.marks;
  return (
    <Stack gap="xs" mb="md">
      <Text>
        Publish the {marks} submitted {marks === 1 ? 'mark' : 'marks'} of {what}?
      </Text>
      <Text fw={600}>{toldSentence(told.data)}; the gala page is not released.</Text>
      <Text>
        Their certificates are made and they see their results in the Uploads portal. Section
        Winners and the gala page go public only at the release on the gala date. This cannot be
        undone.
      </Text>
    </Stack>
  );
}

type ResultEntry = CategoryResults['entries'][number];

function CategoryTable({ category }: { category: CategoryResults }) {
  const reopen = useReopenMark();
  const regenerate = useRegenerateCertificates();
  const headingId = `category-${category.categoryId}`;
  // The mark first: on a wide table the later columns are scrolled to.
  const columns: Column<ResultEntry>[] = [
    { key: 'entry', header: 'Entry', cell: (e) => e.entryCode },
    { key: 'item', header: 'Item', cell: (e) => e.itemCode },
    { key: 'status', header: 'Status', cell: (e) => <MarkStatusBadge status={e.status} /> },
    { key: 'total', header: 'Total', cell: (e) => e.total ?? '–' },
    { key: 'medal', header: 'Medal', cell: (e) => e.medal ?? '–' },
    { key: 'contestant', header: 'Contestant', cell: (e) => e.contestant },
    { key: 'school', header: 'School', cell: (e) => e.school },
    { key: 'adjudicator', header: 'Adjudicator', cell: (e) => e.adjudicator ?? '–' },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => (
        <>
          {e.status === 'submitted' && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => reopen.mutate(e.orderItemId)}
              aria-label={`Send ${e.entryCode} back to its adjudicator`}
            >
              Reopen
            </Button>
          )}
          {e.status === 'published' && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => regenerate.mutate(e.orderItemId)}
              aria-label={`Make the certificates of ${e.entryCode} again`}
            >
              Certificates ({e.certificates})
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="xs">
        {category.categoryName} ({category.section})
      </Title>
      <DataTable
        label={`${category.categoryName} (${category.section})`}
        labelledBy={headingId}
        minWidth={640}
        columns={columns}
        rows={category.entries}
        rowKey={(e) => e.orderItemId}
        empty="No entries yet."
      />
    </section>
  );
}

/** /staff/results: marks per category; publish a section's results, or all of them. */
export default function ResultsPage() {
  const [section, setSection] = useState<Section | undefined>(undefined);
  const [confirming, setConfirming] = useState<Section | 'all' | null>(null);
  const review = useResultsReview(section);
  const publish = usePublish();
  const told = usePublishPreview(confirming);
  const ready = (review.data ?? [])
    .flatMap((c) => c.entries)
    .filter((e) => e.status === 'submitted');

  return (
    <StaffArea title="Results" action="publish:results">
      {() => (
        <Stack gap="lg">
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Section"
              placeholder="All sections"
              data={SECTIONS.map((s) => ({ value: s, label: s }))}
              value={section ?? null}
              onChange={(v) => setSection((v as Section | null) ?? undefined)}
              clearable
              w={{ base: '100%', sm: 260 }}
            />
            <Menu>
              <Menu.Target>
                <Button disabled={ready.length === 0} loading={publish.isPending}>
                  Publish results…
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {section && (
                  <Menu.Item onClick={() => setConfirming(section)}>Publish {section}</Menu.Item>
                )}
                <Menu.Item onClick={() => setConfirming('all')}>Publish all sections</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Text size="sm">
            {ready.length} submitted {ready.length === 1 ? 'mark is' : 'marks are'} ready to
            publish. Families see nothing until you publish; drafts wait for a later publication.
            Publishing never opens the gala page: it opens at the release on the gala date.
          </Text>
          {review.isPending && <Text>Loading the marks…</Text>}
          {review.data?.length === 0 && <Text>There are no finalised entries yet.</Text>}
          {review.data?.map((c) => (
            <CategoryTable key={c.categoryId} category={c} />
          ))}
          <Modal
            opened={confirming !== null}
            onClose={() => setConfirming(null)}
            title="Publish results"
            closeButtonProps={{ 'aria-label': 'Close dialog' }}
          >
            {confirming !== null && <PublishQuestion scope={confirming} told={told} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                disabled={!told.data}
                onClick={() => {
                  publish.mutate(
                    confirming === 'all' || confirming === null ? undefined : confirming,
                  );
                  setConfirming(null);
                }}
              >
                Publish
              </Button>
            </Group>
          </Modal>
        </Stack>
      )}
    </StaffArea>
  );
}
