import {
  Group,
  Radio,
  Select,
  SimpleGrid,
  TextInput,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { GENDERS, GRADES, OTHER_SCHOOL, type Gender } from '@eisteddfod/shared';

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
  required?: boolean;
}) {
  const { values, required } = props;
  const set = (changes: Partial<ContestantFieldValues>) =>
    props.onChange({ ...values, ...changes });
  return (
    <>
      {/* Columns follow the form's own width, which differs between create and edit. */}
      <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="First Names"
          size="md"
          autoComplete="off"
          required={required}
          value={values.firstName}
          onChange={(event) => set({ firstName: event.currentTarget.value })}
        />
        <TextInput
          label="Last Name"
          size="md"
          autoComplete="off"
          required={required}
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
