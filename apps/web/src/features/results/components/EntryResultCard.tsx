import { type ContestantEntryResult } from '@eisteddfod/shared';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { text } from '../text.ts';
import { CertificateLinks } from './CertificateLinks.tsx';
import { finalisingText, resultText } from '../../../shared/uploads/entry-text.ts';

/** One entry's result (spec 2 and 4, Results): rubric, total, medal, comment, certificates. */
export function EntryResultCard(props: { entry: ContestantEntryResult; released: boolean }) {
  const { entry } = props;
  const headingId = `entry-result-${entry.orderItemId}`;
  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
        {text('entryHeading', { code: entry.itemCode, title: entry.itemTitle })}
      </Title>
      <Text size="sm" mb="sm">
        {text('sectionCategory', { section: entry.section, category: entry.categoryName })}
      </Text>
      {!entry.published ? (
        <Stack gap={4}>
          {entry.markingState && entry.markingState !== 'sent' && (
            // Decision 043: an entry never finalised has no result to wait for, nor to ask about.
            <Text fw={700} c={entry.markingState === 'missed' ? 'red.9' : '#8a3a00'}>
              {entry.markingState === 'not-sent'
                ? finalisingText('resultNotSentYet')
                : finalisingText('resultNotSent')}
            </Text>
          )}
          {(entry.markingState === undefined || entry.markingState === 'sent') && (
            <Text>
              {props.released
                ? `${resultText('noResult', { code: entry.itemCode })}. ${resultText('contactSupport')}`
                : text('releasedWithOthers')}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="md">
          <Table aria-label={text('scoresFor', { code: entry.itemCode })} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text('name')}</Table.Th>
                <Table.Th ta="right" w={96}>
                  {text('scoreHeading')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.scores.map((s) => (
                <Table.Tr key={s.name}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.name}</Table.Td>
                  <Table.Td ta="right">
                    {text('scoreOf', { value: s.value, max: s.maxValue })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{text('total')}</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {entry.total}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Group gap="xs">
            <Text fw={700}>{text('medal')}</Text>
            <Badge size="lg" color="grape.9" variant="filled">
              {entry.medal}
            </Badge>
          </Group>
          <div>
            <Text fw={700}>{text('comment')}</Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.comment || '–'}
            </Text>
          </div>
          {entry.certificates.length > 0 && (
            <div>
              <Text fw={700} mb={4}>
                {text('certificates')}
              </Text>
              <CertificateLinks certificates={entry.certificates} />
            </div>
          )}
        </Stack>
      )}
    </Card>
  );
}
