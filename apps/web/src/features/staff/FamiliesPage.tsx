import {
  FAMILY_DESK_MESSAGES,
  FAMILY_MATCH_LABELS,
  FAMILY_SEARCH_PAGE_SIZE,
  paths,
} from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFamilySearch } from './api/family-desk/search-families.ts';
import { DeskSchoolResults } from './components/DeskSchools.tsx';
import { StaffArea } from './components/StaffArea.tsx';

function FamilyResults({ q }: { q: string }) {
  const [page, setPage] = useState(1);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    // A new search starts on its first page.
    setLastQ(q);
    setPage(1);
  }
  const found = useFamilySearch(q, page, FAMILY_SEARCH_PAGE_SIZE);
  if (q.length < 2) {
    return (
      <Text size="sm">
        {q.length === 0
          ? 'Type a name, an address, a number, a school or an order number.'
          : FAMILY_DESK_MESSAGES.searchTooShort}
      </Text>
    );
  }
  if (found.isPending) return <Loader aria-label="Searching" />;
  if (found.isError) {
    return (
      <Alert color="red" title="Error">
        The search could not be made. Please try again.
      </Alert>
    );
  }
  const { rows, total, schools } = found.data;
  const schoolsFound = <DeskSchoolResults schools={schools} />;
  if (rows.length === 0) {
    return (
      <Stack gap="sm">
        {schoolsFound}
        <Text size="sm">No family matches “{q}”.</Text>
      </Stack>
    );
  }
  const pages = Math.ceil(total / FAMILY_SEARCH_PAGE_SIZE);
  return (
    <Stack gap="sm">
      {schoolsFound}
      <Text size="sm" aria-live="polite">
        {total === 1 ? '1 family' : `${total} families`}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((family) => (
          <Card key={family.id} withBorder component="li" padding="sm">
            <Anchor component={Link} to={paths.staffFamily.href({ id: family.id })} fw={700}>
              {family.firstName} {family.surname}
            </Anchor>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {[family.email, family.mobileNumber].filter(Boolean).join(' · ') || 'No address'}
            </Text>
            <Text size="sm">
              Contestants: {family.contestants.length > 0 ? family.contestants.join(', ') : 'none'}
            </Text>
            <Group gap={4} mt={4} aria-label="Matched by">
              {family.matched.map((m) => (
                <Badge key={m} variant="light" color="blue" c="black">
                  {FAMILY_MATCH_LABELS[m]}
                </Badge>
              ))}
            </Group>
          </Card>
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
    </Stack>
  );
}

function FamiliesScreen() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  return (
    <Stack gap="md">
      <Text size="sm">
        Find a family by the parent&apos;s name, email or mobile number, a contestant&apos;s name, a
        school or an order number (such as E2025-000123). Schools and their teachers are found by
        the school&apos;s name.
      </Text>
      <TextInput
        label="Search families"
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={100}
        autoFocus
      />
      <FamilyResults q={q} />
    </Stack>
  );
}

/** Staff: the family desk's search (issue 17, decision 021). */
export default function FamiliesPage() {
  return (
    <StaffArea title="Families" action="manage:families">
      {() => <FamiliesScreen />}
    </StaffArea>
  );
}
