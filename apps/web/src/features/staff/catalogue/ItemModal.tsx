import {
  CATALOGUE_EDITOR_MESSAGES,
  GRADES,
  MAIN_FILE_KIND_LABELS,
  MAIN_FILE_KINDS,
  sectionMainFileKinds,
  type EventDates,
  type StaffCategory,
  type StaffItem,
} from '@eisteddfod/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useDeleteItem } from '../api/catalogue-editor/delete-item.ts';
import { useSaveItem } from '../api/catalogue-editor/save-item.ts';
import { TranslationFields } from '../components/TranslationFields.tsx';
import { itemFormOf, readItemForm, type ItemFormErrors } from './item-form.ts';

/** 'R' to '12', as a contestant's grade is chosen. */
const gradeOptions = GRADES.map((g) => ({ value: g.value, label: `Grade ${g.value}` }));

/** Adds an item, or changes one (its price stays once it is in a paid order). */
export function ItemModal(props: {
  eventId: number;
  dates: EventDates;
  categories: StaffCategory[];
  /** Undefined to add a new item. */
  item: StaffItem | undefined;
  onClose: () => void;
}) {
  const { item, categories } = props;
  const [form, setForm] = useState(() => itemFormOf(item, categories, props.dates.submissionEnds));
  const [errors, setErrors] = useState<ItemFormErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const save = useSaveItem(props.eventId);
  const remove = useDeleteItem(props.eventId);
  const priceFixed = (item?.paidEntries ?? 0) > 0;
  const section = categories.find((c) => String(c.id) === form.categoryId)?.section;
  const kinds = section ? sectionMainFileKinds(section) : [...MAIN_FILE_KINDS];
  const text = (
    key:
      | 'code'
      | 'shortDescription'
      | 'description'
      | 'price'
      | 'dueDate'
      | 'minimumParticipants'
      | 'maximumParticipants'
      | 'timeLimit',
  ) => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const { fields, errors: found } = readItemForm(form, props.dates, section);
    setErrors(found);
    if (!fields) return;
    save.mutate({ id: item?.id, fields }, { onSuccess: props.onClose });
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={item ? `Item ${item.code}` : 'New item'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {item && item.entries > 0 && (
            <Alert color="blue" title="Entered by families">
              {item.entries} {item.entries === 1 ? 'entry' : 'entries'}. This item cannot be
              deleted; retire it to take it out of new carts.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Code" required {...text('code')} />
            <Select
              label="Category"
              required
              data={categories.map((c) => ({
                value: String(c.id),
                label: `${c.name} (${c.section})`,
              }))}
              value={form.categoryId}
              onChange={(value) =>
                setForm((f) => {
                  // Another section takes other kinds of main file: start from its defaults.
                  const next = categories.find((c) => String(c.id) === value)?.section;
                  const fits =
                    next && f.mainFileKinds.every((k) => sectionMainFileKinds(next).includes(k));
                  return {
                    ...f,
                    categoryId: value,
                    mainFileKinds: next && !fits ? sectionMainFileKinds(next) : f.mainFileKinds,
                  };
                })
              }
              error={errors.categoryId}
              allowDeselect={false}
              searchable
            />
          </SimpleGrid>
          <TextInput label="Short description" required {...text('shortDescription')} />
          <TranslationFields
            translations={form.translations}
            field="shortDescription"
            label="Short description"
            onChange={(translations) => setForm((f) => ({ ...f, translations }))}
          />
          <Textarea label="Full description" rows={4} {...text('description')} />
          <TranslationFields
            translations={form.translations}
            field="description"
            label="Full description"
            rows={4}
            onChange={(translations) => setForm((f) => ({ ...f, translations }))}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Price (R)"
              required
              inputMode="decimal"
              disabled={priceFixed}
              description={priceFixed ? CATALOGUE_EDITOR_MESSAGES.priceUnderPaidOrder : undefined}
              {...text('price')}
            />
            <TextInput
              label="Due date"
              type="date"
              required
              description={`From ${props.dates.registrationOpens} to ${props.dates.submissionEnds}`}
              {...text('dueDate')}
            />
            <TextInput
              label="Time limit (m:ss)"
              placeholder="No limit"
              inputMode="numeric"
              {...text('timeLimit')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Lowest grade"
              placeholder="Every grade"
              data={gradeOptions}
              value={form.lowestGrade}
              onChange={(lowestGrade) => setForm((f) => ({ ...f, lowestGrade }))}
              error={errors.lowestGrade}
              clearable
            />
            <Select
              label="Highest grade"
              placeholder="Every grade"
              data={gradeOptions}
              value={form.highestGrade}
              onChange={(highestGrade) => setForm((f) => ({ ...f, highestGrade }))}
              error={errors.highestGrade}
              clearable
            />
            <Checkbox
              mt={{ sm: 30 }}
              label="Other grades may enter"
              description="An exception: families see the grades, but any grade may enter"
              checked={form.otherGradesAllowed}
              onChange={(e) => {
                const otherGradesAllowed = e.currentTarget.checked;
                setForm((f) => ({ ...f, otherGradesAllowed }));
              }}
            />
          </SimpleGrid>
          <Switch
            label="Group item"
            checked={form.isGroupItem}
            onChange={(e) => {
              const isGroupItem = e.currentTarget.checked;
              setForm((f) => ({
                ...f,
                isGroupItem,
                minimumParticipants: isGroupItem ? '2' : '1',
                maximumParticipants: isGroupItem ? '20' : '1',
              }));
            }}
          />
          {form.isGroupItem && (
            <SimpleGrid cols={2}>
              <TextInput
                label="Minimum participants"
                inputMode="numeric"
                {...text('minimumParticipants')}
              />
              <TextInput
                label="Maximum participants"
                inputMode="numeric"
                {...text('maximumParticipants')}
              />
            </SimpleGrid>
          )}
          <Checkbox
            label="An instrument is required"
            checked={form.requiresAnInstrument}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, requiresAnInstrument: checked }));
            }}
          />
          <Checkbox.Group
            label="Main file may be"
            value={form.mainFileKinds}
            onChange={(value) =>
              setForm((f) => ({
                ...f,
                mainFileKinds: MAIN_FILE_KINDS.filter((k) => value.includes(k)),
              }))
            }
            error={errors.mainFileKinds}
          >
            <Group mt={4}>
              {kinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={MAIN_FILE_KIND_LABELS[kind]} />
              ))}
            </Group>
          </Checkbox.Group>
          {item && (
            <Switch
              label="Retired: hidden from new carts, kept in the orders that have it"
              checked={form.retired}
              onChange={(e) => {
                const retired = e.currentTarget.checked;
                setForm((f) => ({ ...f, retired }));
              }}
            />
          )}
          <Group justify="space-between" mt="sm">
            {item && item.entries === 0 ? (
              confirmingDelete ? (
                <Group gap="xs">
                  <Button
                    color="red"
                    loading={remove.isPending}
                    onClick={() => remove.mutate(item.id, { onSuccess: props.onClose })}
                  >
                    Delete {item.code}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                    Keep it
                  </Button>
                </Group>
              ) : (
                <Button variant="subtle" color="red" onClick={() => setConfirmingDelete(true)}>
                  Delete…
                </Button>
              )
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {item ? 'Save item' : 'Add item'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
