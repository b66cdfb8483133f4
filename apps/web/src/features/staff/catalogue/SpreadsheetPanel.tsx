import type { ImportReport, SpreadsheetFormat } from '@eisteddfod/shared';
import { Alert, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { downloadCatalogue } from '../api/catalogue-editor/download-catalogue.ts';
import { useImportCatalogue } from '../api/catalogue-editor/import-catalogue.ts';
import { DataTable, type Column } from '../components/DataTable.tsx';

const PROBLEM_COLUMNS: Column<ImportReport['problems'][number]>[] = [
  { key: 'row', header: 'Row', cell: (p) => (p.row === 0 ? 'File' : p.row) },
  { key: 'column', header: 'Column', cell: (p) => p.column ?? '' },
  { key: 'problem', header: 'Problem', cell: (p) => p.message },
];

function Report({ report }: { report: ImportReport }) {
  const summary = `${report.rows} rows: ${report.created} new, ${report.updated} changed, ${report.unchanged} unchanged.`;
  if (report.committed)
    return (
      <Alert color="green" title="Imported">
        {summary}
      </Alert>
    );
  if (report.problems.length === 0)
    return (
      <Alert color="blue" title="Ready to import">
        {summary} Nothing has been written yet.
      </Alert>
    );
  return (
    <Stack gap="xs">
      <Alert
        color="red"
        title={`${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'}: nothing was imported`}
      >
        Fix these rows in the spreadsheet and check it again. {summary}
      </Alert>
      <DataTable
        label="Problems in the spreadsheet"
        minWidth={560}
        columns={PROBLEM_COLUMNS}
        rows={report.problems}
        rowKey={(_, index) => index}
        empty="No problems."
      />
    </Stack>
  );
}

/**
 * The catalogue as a spreadsheet: export it, change it where organisers work (Excel, Google
 * Sheets), check it and import it back. A check writes nothing; an import writes every row or
 * none.
 */
export function SpreadsheetPanel({ eventId }: { eventId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<{ file: File; report: ImportReport }>();
  const send = useImportCatalogue(eventId);
  const checked = report && report.file === file ? report.report : undefined;

  async function download(format: SpreadsheetFormat) {
    try {
      await downloadCatalogue(eventId, format);
    } catch {
      toast('error', 'The export could not be made. Please try again.', 'Error');
    }
  }

  function run(commit: boolean) {
    if (!file) return;
    send.mutate({ file, commit }, { onSuccess: (r) => setReport({ file, report: r }) });
  }

  return (
    <Card withBorder component="section" aria-labelledby="spreadsheet-heading">
      <Title order={2} id="spreadsheet-heading" mb={4}>
        Spreadsheet
      </Title>
      <Text size="sm" mb="sm">
        Export the catalogue, change it in a spreadsheet, then check and import it. Each row is an
        item found by its code: a new code adds an item; items left out of the sheet stay as they
        are.
      </Text>
      <Stack gap="sm">
        <Group gap="xs">
          <Button variant="default" onClick={() => void download('xlsx')}>
            Export Excel (.xlsx)
          </Button>
          <Button variant="default" onClick={() => void download('csv')}>
            Export CSV
          </Button>
        </Group>
        <FileInput
          label="Spreadsheet to import"
          description="An .xlsx or .csv file with the export’s columns"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          placeholder="Choose a file"
        />
        <Group gap="xs">
          <Button
            variant="default"
            disabled={!file}
            loading={send.isPending && !send.variables?.commit}
            onClick={() => run(false)}
          >
            Check spreadsheet
          </Button>
          <Button
            disabled={!checked || checked.committed || checked.problems.length > 0}
            loading={send.isPending && send.variables?.commit}
            onClick={() => run(true)}
          >
            Import
          </Button>
        </Group>
        {checked && <Report report={checked} />}
      </Stack>
    </Card>
  );
}
