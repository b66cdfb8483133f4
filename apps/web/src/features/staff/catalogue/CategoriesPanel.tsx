import {
  CategoryFieldsSchema,
  SECTIONS,
  type Section,
  type StaffCategory,
} from '@eisteddfod/shared';
import { Button, Card, Group, Modal, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TranslationFields } from '../components/TranslationFields.tsx';
import { useDeleteCategory } from '../api/catalogue-editor/delete-category.ts';
import { useSaveCategory } from '../api/catalogue-editor/save-category.ts';
import { DataTable, type Column } from '../components/DataTable.tsx';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

/** Adds a category, or renames one (or moves it to another section). */
function CategoryModal(props: {
  eventId: number;
  category: StaffCategory | undefined;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.category?.name ?? '');
  const [section, setSection] = useState<Section>(props.category?.section ?? SECTIONS[0]);
  const [translations, setTranslations] = useState(props.category?.translations ?? {});
  const [error, setError] = useState<string>();
  const save = useSaveCategory(props.eventId);
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CategoryFieldsSchema.safeParse({ name, section, translations });
    if (!parsed.success) {
      setError(parsed.error.issues[0] && issueWords(parsed.error.issues[0].message));
      return;
    }
    save.mutate({ id: props.category?.id, fields: parsed.data }, { onSuccess: props.onClose });
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.category ? `Category ${props.category.name}` : 'New category'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TranslationFields
            translations={translations}
            field="name"
            label="Name"
            onChange={setTranslations}
          />
          <Select
            label="Section"
            data={[...SECTIONS]}
            value={section}
            onChange={(value) => value && setSection(value as Section)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save category
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The event's categories by section; an empty one can be deleted. */
export function CategoriesPanel(props: { eventId: number; categories: StaffCategory[] }) {
  const [editing, setEditing] = useState<{ category?: StaffCategory }>();
  const remove = useDeleteCategory(props.eventId);
  const columns: Column<StaffCategory>[] = [
    { key: 'name', header: 'Name', cell: (c) => c.name },
    { key: 'section', header: 'Section', cell: (c) => c.section },
    { key: 'items', header: 'Items', cell: (c) => c.items },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`Edit ${c.name}`}
            onClick={() => setEditing({ category: c })}
          >
            Edit
          </Button>
          {c.items === 0 && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Delete ${c.name}`}
              loading={remove.isPending && remove.variables === c.id}
              onClick={() => remove.mutate(c.id)}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder component="section" aria-labelledby="categories-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="categories-heading">
          Categories
        </Title>
        <Button variant="default" onClick={() => setEditing({})}>
          Add category
        </Button>
      </Group>
      <DataTable
        label="Category list"
        minWidth={480}
        columns={columns}
        rows={props.categories}
        rowKey={(c) => c.id}
        empty="No categories yet: add one, then its items."
      />
      {editing && (
        <CategoryModal
          eventId={props.eventId}
          category={editing.category}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
