import { MEDALS, type Gala } from '@eisteddfod/shared';
import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { text } from '../text.ts';

/** Each medal's name in the catalogue. */
export const MEDAL_KEYS = {
  DIPLOMA: 'medalDiploma',
  GOLD: 'medalGold',
  SILVER: 'medalSilver',
  BRONZE: 'medalBronze',
  MERIT: 'medalMerit',
} as const satisfies Record<(typeof MEDALS)[number], string>;

/** Medal counts per section: a small card each, so a phone needs no sideways scrolling. */
export function MedalCounts({ sections }: { sections: Gala['sections'] }) {
  if (sections.length === 0) return <Text>{text('noResults')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {sections.map((s) => {
        const id = `medals-${s.section.replace(/[^A-Za-z]/g, '-')}`;
        return (
          <Card key={s.section} withBorder component="article" aria-labelledby={id}>
            <Title order={3} size="h4" id={id}>
              {s.section}
            </Title>
            <Text size="sm" mb="xs">
              {text('entries', { count: s.entries })}
            </Text>
            <Table aria-labelledby={id} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text('medal')}</Table.Th>
                  <Table.Th ta="right">{text('awarded')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {MEDALS.map((m) => (
                  <Table.Tr key={m}>
                    <Table.Td>{text(MEDAL_KEYS[m])}</Table.Td>
                    <Table.Td ta="right">{s.medals[m]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
