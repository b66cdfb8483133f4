import { Button, Checkbox, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  GENDERS,
  GRADES,
  entryPriceCents,
  formatRand,
  isIncompleteMember,
  padMembers,
  type GroupMember,
} from '@eisteddfod/shared';
import { useState, type ReactNode } from 'react';
import { useFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { useCurrentEvent } from '../../event/api/client-config.ts';
import { toast } from '../../../lib/toasts.ts';
import { gradeOptions } from '../../grades/text.ts';
import { useSchools } from '../api/schools.ts';
import classes from './GroupParticipantsModal.module.css';
import { cartText, text } from '../text.ts';

// Mantine's dimmed description grey is below WCAG AA contrast on white.
const optionStyles = { description: { color: 'var(--mantine-color-gray-8)' } };

const blankMember = (from?: GroupMember, sameAge = false, sameSchool = false): GroupMember => ({
  firstName: '',
  surname: '',
  school: sameSchool ? (from?.school ?? '') : '',
  gender: '',
  grade: sameAge ? (from?.grade ?? '') : '',
});

/** A member who passes isIncompleteMember: each field is checked against it alone. */
const COMPLETE_MEMBER: GroupMember = {
  firstName: 'Ab',
  surname: 'Ab',
  school: 'Ab',
  gender: GENDERS[0],
  grade: GRADES[0]!.value,
};
const MEMBER_FIELDS = ['firstName', 'surname', 'school', 'gender', 'grade'] as const;
/** A field of one participant: `${index}.${field}`. */
type MemberField = `${number}.${(typeof MEMBER_FIELDS)[number]}`;

/**
 * Issue 32: the fields that make the participants incomplete, in the form's order, by the shared
 * rule applied to each field alone. The first says why; the others are marked.
 */
function memberFaults(rows: GroupMember[], sameSchool: boolean) {
  const faults: Partial<Record<MemberField, string | true>> = {};
  rows.forEach((row, index) => {
    for (const field of MEMBER_FIELDS) {
      // A school the option copies from the first participant is not asked again.
      if (field === 'school' && index > 0 && sameSchool) continue;
      if (!isIncompleteMember({ ...COMPLETE_MEMBER, [field]: row[field] })) continue;
      const key: MemberField = `${index}.${field}`;
      faults[key] = Object.keys(faults).length === 0 ? cartText('groupDetails') : true;
    }
  });
  return faults;
}

/**
 * The members of a group, typed in and saved all at once (spec 5, "Group participants"): the
 * cart's dialog for an entry, and the teacher's grid for the members from elsewhere of a group
 * it makes (decision 065). `counted` members are already in the group and only count in its
 * price; `min` and `max` are the rows' own.
 */
export function GroupMembersForm(props: {
  heading: ReactNode;
  initial: GroupMember[];
  min: number;
  max: number;
  counted?: number;
  /** The item's price: a group's follows the event's group fees. */
  price: number;
  saving: boolean;
  onSave: (members: GroupMember[]) => void;
  onCancel: () => void;
}) {
  const { min, max, counted = 0 } = props;
  const [rows, setRows] = useState<GroupMember[]>(() => padMembers(props.initial, min));
  const [sameAge, setSameAge] = useState(false);
  const [sameSchool, setSameSchool] = useState(false);
  const [triedToSave, setTriedToSave] = useState(false);
  const faults = useFieldErrors<MemberField>();
  const fees = useCurrentEvent().data?.fees;
  const schools = useSchools().data ?? [];

  const price = fees
    ? entryPriceCents({ isGroupItem: true, price: props.price }, counted + rows.length, fees)
    : props.price;

  function change(index: number, field: keyof GroupMember, value: string) {
    setRows((current) =>
      current.map((row, i) => {
        if (i === index) return { ...row, [field]: value };
        // While an option is on, the first participant's grade or school is everyone's.
        if (index === 0 && field === 'grade' && sameAge) return { ...row, grade: value };
        if (index === 0 && field === 'school' && sameSchool) return { ...row, school: value };
        return row;
      }),
    );
  }

  function chooseSameAge(checked: boolean) {
    setSameAge(checked);
    if (checked)
      setRows((current) => current.map((row) => ({ ...row, grade: current[0]?.grade ?? '' })));
  }

  function chooseSameSchool(checked: boolean) {
    setSameSchool(checked);
    if (checked) {
      setRows((current) => current.map((row) => ({ ...row, school: current[0]?.school ?? '' })));
    }
  }

  function addRow() {
    setRows((current) => [...current, blankMember(current[0], sameAge, sameSchool)]);
  }

  function removeRow(index: number) {
    setRows((current) => current.filter((_, i) => i !== index));
  }

  function save() {
    setTriedToSave(true);
    if (rows.some(isIncompleteMember)) {
      toast('warning', cartText('groupDetails'));
      faults.mark(memberFaults(rows, sameSchool));
      return;
    }
    const members = rows.map((row) => ({
      firstName: row.firstName.trim(),
      surname: row.surname.trim(),
      school: row.school.trim(),
      gender: row.gender,
      grade: row.grade,
    }));
    props.onSave(members);
  }

  return (
    <Stack gap="md">
      {props.heading}

      <Group gap="lg">
        <Checkbox
          label={text('sameAge')}
          description={text('sameAgeHint')}
          checked={sameAge}
          styles={optionStyles}
          onChange={(event) => chooseSameAge(event.currentTarget.checked)}
        />
        <Checkbox
          label={text('sameSchool')}
          description={text('sameSchoolHint')}
          checked={sameSchool}
          styles={optionStyles}
          onChange={(event) => chooseSameSchool(event.currentTarget.checked)}
        />
      </Group>

      {rows.map((row, index) => (
        <MemberFields
          key={index}
          index={index}
          member={row}
          schools={schools}
          showSchool={index === 0 || !sameSchool}
          canRemove={(index > 0 || min === 0) && rows.length > min}
          highlight={triedToSave && isIncompleteMember(row)}
          faults={faults}
          onChange={(field, value) => {
            faults.changed(`${index}.${field}`);
            change(index, field, value);
          }}
          onRemove={() => removeRow(index)}
        />
      ))}

      {rows.length < max && (
        <Group justify="flex-end">
          <Button variant="light" onClick={addRow}>
            {text('addParticipant')}
          </Button>
        </Group>
      )}

      <div className={classes.footer}>
        <Group justify="space-between" align="center" gap="sm">
          <Text fw={700} size="lg" aria-live="polite">
            {text('participantsPrice', {
              count: counted + rows.length,
              price: formatRand(price),
            })}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={props.onCancel}>
              {text('cancel')}
            </Button>
            <Button onClick={save} loading={props.saving}>
              {text('saveParticipants')}
            </Button>
          </Group>
        </Group>
      </div>
    </Stack>
  );
}

function MemberFields(props: {
  index: number;
  member: GroupMember;
  schools: string[];
  showSchool: boolean;
  canRemove: boolean;
  highlight: boolean;
  faults: FieldErrors<MemberField>;
  onChange: (field: keyof GroupMember, value: string) => void;
  onRemove: () => void;
}) {
  const { member } = props;
  const label = text('participant', { number: props.index + 1 });
  const fault = (field: (typeof MEMBER_FIELDS)[number]) =>
    props.faults.field(`${props.index}.${field}`);
  return (
    <Fieldset
      legend={label}
      variant="filled"
      styles={{
        root: props.highlight ? { borderColor: 'var(--mantine-color-red-8)' } : undefined,
        legend: { fontWeight: 700 },
      }}
    >
      <div className={classes.fields} data-without-school={props.showSchool ? undefined : true}>
        <TextInput
          label={text('firstName')}
          {...fault('firstName')}
          value={member.firstName}
          autoComplete="off"
          onChange={(event) => props.onChange('firstName', event.currentTarget.value)}
        />
        <TextInput
          label={text('surname')}
          {...fault('surname')}
          value={member.surname}
          autoComplete="off"
          onChange={(event) => props.onChange('surname', event.currentTarget.value)}
        />
        {props.showSchool && (
          <Select
            label={text('school')}
            {...fault('school')}
            // A school typed in before the list existed still shows as chosen.
            data={
              member.school && !props.schools.includes(member.school)
                ? [member.school, ...props.schools]
                : props.schools
            }
            searchable
            nothingFoundMessage={text('noSchool')}
            // Required (spec 5): choosing the chosen option again keeps it rather than clearing it.
            allowDeselect={false}
            value={member.school || null}
            onChange={(school) => props.onChange('school', school ?? '')}
          />
        )}
        <Select
          label={text('gender')}
          {...fault('gender')}
          data={GENDERS.map((gender) => ({ value: gender, label: text(gender) }))}
          allowDeselect={false}
          value={member.gender || null}
          onChange={(gender) => props.onChange('gender', gender ?? '')}
        />
        <Select
          label={text('grade')}
          {...fault('grade')}
          data={gradeOptions()}
          allowDeselect={false}
          value={member.grade || null}
          onChange={(grade) => props.onChange('grade', grade ?? '')}
        />
      </div>
      {props.canRemove && (
        <Group justify="flex-end" mt="xs">
          <Button
            variant="subtle"
            color="red.9"
            aria-label={text('removeParticipant', { number: props.index + 1 })}
            onClick={props.onRemove}
          >
            {text('remove')}
          </Button>
        </Group>
      )}
    </Fieldset>
  );
}
