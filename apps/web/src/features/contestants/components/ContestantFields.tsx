import {
  Group,
  Radio,
  Select,
  SimpleGrid,
  TextInput,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { CONTESTANT_TEXT, GENDERS, OTHER_SCHOOL, type Gender } from '@eisteddfod/shared';
import { memo, useCallback, useState } from 'react';
import type { FieldErrors, FieldMark } from '../../../lib/field-errors.ts';
import { gradeOptions } from '../../../shared/grades/text.ts';
import { text } from '../text.ts';

/** What the create and edit screens ask (spec 2): names, school, gender, age and grade. */
export interface ContestantFieldValues {
  firstName: string;
  surname: string;
  school: string;
  gender: Gender | '';
  grade: string;
}

export const EMPTY_CONTESTANT: ContestantFieldValues = {
  firstName: '',
  surname: '',
  school: '',
  gender: '',
  grade: '',
};

/** The fields contestantProblem can refuse, and the one each of its messages (by id) is about. */
export type ContestantField = 'firstName' | 'surname' | 'school' | 'grade' | 'pledge' | 'terms';
export const CONTESTANT_PROBLEM_FIELD: Record<string, ContestantField> = {
  [CONTESTANT_TEXT.id('acceptTerms')]: 'terms',
  [CONTESTANT_TEXT.id('acceptPledge')]: 'pledge',
  [CONTESTANT_TEXT.id('firstName')]: 'firstName',
  [CONTESTANT_TEXT.id('surname')]: 'surname',
  [CONTESTANT_TEXT.id('school')]: 'school',
  [CONTESTANT_TEXT.id('grade')]: 'grade',
};

/**
 * The schools whose names hold what was typed, and Other School always: the hint for a school
 * not on the list says to choose it, and it used to be filtered away with the rest.
 */
const withOtherSchool: OptionsFilter = ({ options, search }) => {
  const wanted = search.trim().toLocaleLowerCase();
  const items = options as ComboboxItem[];
  const found = items.filter((o) => o.label.toLocaleLowerCase().includes(wanted));
  const other = items.find((o) => o.value === OTHER_SCHOOL);
  return other && !found.includes(other) ? [...found, other] : found;
};

/** Sets some of the contestant's fields; the same function from one render to the next. */
type SetFields = (changes: Partial<ContestantFieldValues>) => void;

/** The form's values and the setter ContestantFields takes. */
export function useContestantValues(initial: ContestantFieldValues) {
  const [values, setValues] = useState(initial);
  const change = useCallback<SetFields>(
    (changes) => setValues((current) => ({ ...current, ...changes })),
    [],
  );
  return [values, change] as const;
}

/** The schools until the list has come: the same empty list on every render. */
export const NO_SCHOOLS: readonly string[] = [];

/**
 * The contestant's fields. `required` marks them for the eye on the edit screen (spec 5); the
 * checks themselves are contestantProblem's, shown as warnings. Each field is drawn by a memoised
 * component: a tap on one draws that one again, not the whole form (issue 32: a radio tap took
 * 150 to 250 ms on the phone). `onChange` must be the same function on every render.
 */
export function ContestantFields(props: {
  values: ContestantFieldValues;
  onChange: SetFields;
  schools: readonly string[];
  /** The form's marks: the field a refusal names (issue 32). */
  faults: FieldErrors<ContestantField>;
  required?: boolean;
}) {
  const { values, required, faults, onChange } = props;
  const { changed } = faults;
  const set = useCallback<SetFields>(
    (changes) => {
      for (const name of Object.keys(changes)) changed(name as ContestantField);
      onChange(changes);
    },
    [changed, onChange],
  );
  const firstName = faults.field('firstName');
  const surname = faults.field('surname');
  const school = faults.field('school');
  const grade = faults.field('grade');
  return (
    <>
      {/* Columns follow the form's own width, which differs between create and edit. */}
      <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="md" verticalSpacing="md">
        <NameField
          label={text('firstNames')}
          name="firstName"
          value={values.firstName}
          required={required}
          error={firstName.error}
          inputRef={firstName.ref}
          set={set}
        />
        <NameField
          label={text('lastName')}
          name="surname"
          value={values.surname}
          required={required}
          error={surname.error}
          inputRef={surname.ref}
          set={set}
        />
      </SimpleGrid>
      <SchoolField
        schools={props.schools}
        value={values.school}
        required={required}
        error={school.error}
        inputRef={school.ref}
        set={set}
      />
      <SimpleGrid type="container" cols={{ base: 1, '540px': 2 }} spacing="md" verticalSpacing="md">
        <GradeField
          value={values.grade}
          required={required}
          error={grade.error}
          inputRef={grade.ref}
          set={set}
        />
        <GenderField value={values.gender} set={set} />
      </SimpleGrid>
    </>
  );
}

/** What every field takes besides its value: its mark and the form's setter. */
interface FieldProps {
  required: boolean | undefined;
  error: string | true | undefined;
  inputRef: FieldMark['ref'];
  set: SetFields;
}

// Their props are taken apart: the hooks linter reads `props.x` beside a ref as reading the ref.
const NameField = memo(function NameField({
  label,
  name,
  value,
  required,
  error,
  inputRef,
  set,
}: FieldProps & { label: string; name: 'firstName' | 'surname'; value: string }) {
  return (
    <TextInput
      label={label}
      size="md"
      autoComplete="off"
      required={required}
      error={error}
      ref={inputRef}
      value={value}
      onChange={(event) => set({ [name]: event.currentTarget.value })}
    />
  );
});

const SchoolField = memo(function SchoolField({
  schools,
  value,
  required,
  error,
  inputRef,
  set,
}: FieldProps & { schools: readonly string[]; value: string }) {
  return (
    <Select
      label={text('school')}
      size="md"
      placeholder={text('schoolPlaceholder')}
      data={schools as string[]}
      searchable
      filter={withOtherSchool}
      nothingFoundMessage={text('noSchool')}
      maxDropdownHeight={280}
      autoComplete="off"
      required={required}
      error={error}
      ref={inputRef}
      value={value || null}
      onChange={(school) => set({ school: school ?? '' })}
    />
  );
});

const GradeField = memo(function GradeField({
  value,
  required,
  error,
  inputRef,
  set,
}: FieldProps & { value: string }) {
  return (
    <Select
      label={text('ageAndGrade')}
      size="md"
      placeholder={text('gradePlaceholder')}
      data={gradeOptions()}
      maxDropdownHeight={280}
      required={required}
      error={error}
      ref={inputRef}
      value={value || null}
      onChange={(grade) => set({ grade: grade ?? '' })}
    />
  );
});

const GenderField = memo(function GenderField(props: { value: Gender | ''; set: SetFields }) {
  return (
    <Radio.Group
      label={text('gender')}
      size="md"
      value={props.value}
      onChange={(gender) => props.set({ gender: isGender(gender) ? gender : '' })}
    >
      <Group gap="lg" mt={10}>
        {GENDERS.map((gender) => (
          <Radio key={gender} value={gender} label={text(gender)} />
        ))}
      </Group>
    </Radio.Group>
  );
});

function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}
