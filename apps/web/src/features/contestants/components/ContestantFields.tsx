import {
  Group,
  Radio,
  Select,
  SimpleGrid,
  TextInput,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import {
  CONTESTANT_MESSAGES,
  GENDERS,
  GRADES,
  OTHER_SCHOOL,
  type Gender,
} from '@eisteddfod/shared';
import type { FieldErrors } from '../../../lib/field-errors.ts';

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

/** The fields contestantProblem can refuse, and the one each of its messages is about. */
export type ContestantField = 'firstName' | 'surname' | 'school' | 'grade' | 'pledge' | 'terms';
export const CONTESTANT_PROBLEM_FIELD: Record<string, ContestantField> = {
  [CONTESTANT_MESSAGES.acceptTerms]: 'terms',
  [CONTESTANT_MESSAGES.acceptPledge]: 'pledge',
  [CONTESTANT_MESSAGES.firstName]: 'firstName',
  [CONTESTANT_MESSAGES.surname]: 'surname',
  [CONTESTANT_MESSAGES.school]: 'school',
  [CONTESTANT_MESSAGES.grade]: 'grade',
};

const GRADE_OPTIONS = GRADES.map((grade) => ({ value: grade.value, label: grade.label }));
const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

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

/**
 * The contestant's fields. `required` marks them for the eye on the edit screen (spec 5); the
 * checks themselves are contestantProblem's, shown as warnings.
 */
export function ContestantFields(props: {
  values: ContestantFieldValues;
  onChange: (values: ContestantFieldValues) => void;
  schools: readonly string[];
  /** The form's marks: the field a refusal names (issue 32). */
  faults: FieldErrors<ContestantField>;
  required?: boolean;
}) {
  const { values, required, faults } = props;
  const set = (changes: Partial<ContestantFieldValues>) => {
    for (const name of Object.keys(changes)) faults.changed(name as ContestantField);
    props.onChange({ ...values, ...changes });
  };
  return (
    <>
      {/* Columns follow the form's own width, which differs between create and edit. */}
      <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="First Names"
          size="md"
          autoComplete="off"
          required={required}
          {...faults.field('firstName')}
          value={values.firstName}
          onChange={(event) => set({ firstName: event.currentTarget.value })}
        />
        <TextInput
          label="Last Name"
          size="md"
          autoComplete="off"
          required={required}
          {...faults.field('surname')}
          value={values.surname}
          onChange={(event) => set({ surname: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Select
        label="School"
        size="md"
        placeholder="Type to search for the school"
        data={props.schools as string[]}
        searchable
        filter={withOtherSchool}
        nothingFoundMessage="No school matches; choose Other School"
        maxDropdownHeight={280}
        autoComplete="off"
        required={required}
        {...faults.field('school')}
        value={values.school || null}
        onChange={(school) => set({ school: school ?? '' })}
      />
      <SimpleGrid type="container" cols={{ base: 1, '540px': 2 }} spacing="md" verticalSpacing="md">
        <Select
          label="Age & Grade"
          size="md"
          placeholder="Choose the grade"
          data={GRADE_OPTIONS}
          maxDropdownHeight={280}
          required={required}
          {...faults.field('grade')}
          value={values.grade || null}
          onChange={(grade) => set({ grade: grade ?? '' })}
        />
        <Radio.Group
          label="Gender"
          size="md"
          value={values.gender}
          onChange={(gender) => set({ gender: isGender(gender) ? gender : '' })}
        >
          <Group gap="lg" mt={10}>
            {GENDERS.map((gender) => (
              <Radio key={gender} value={gender} label={GENDER_LABELS[gender]} />
            ))}
          </Group>
        </Radio.Group>
      </SimpleGrid>
    </>
  );
}

function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}
