import {
  AskMembershipSchema,
  type ListedSchool,
  type MembershipRole,
  type SchoolKind,
} from '@eisteddfod/shared';
import { Button, Checkbox, Radio, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { issueWords } from '../../../lib/i18n/issue-words.ts';
import { useAskMembership } from '../api/teaching-api.ts';
import { text } from '../text.ts';

/**
 * Asking to act for a school (decision 061): one of the list, found by typing, or one it does
 * not have by name and kind; as a teacher, or as the school's coordinator.
 */
export function AskForm({ customerId, schools }: { customerId: number; schools: ListedSchool[] }) {
  const ask = useAskMembership(customerId);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [notListed, setNotListed] = useState(false);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<SchoolKind>('school');
  const [role, setRole] = useState<MembershipRole>('teacher');
  const [errors, setErrors] = useState<{ schoolId?: string; schoolName?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = notListed
      ? { schoolName: name, kind, role }
      : { ...(schoolId ? { schoolId: Number(schoolId) } : {}), role };
    const parsed = AskMembershipSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const words = issue ? issueWords(issue.message) : '';
      setErrors(notListed ? { schoolName: words } : { schoolId: words });
      return;
    }
    setErrors({});
    ask.mutate(parsed.data, {
      onSuccess: () => {
        setSchoolId(null);
        setName('');
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="ask-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="ask-title">
          {text('askTitle')}
        </Title>
        {notListed ? (
          <>
            <TextInput
              label={text('schoolName')}
              size="md"
              required
              value={name}
              error={errors.schoolName}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Radio.Group
              label={text('kind')}
              value={kind}
              onChange={(v) => setKind(v as SchoolKind)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="school" label={text('kindSchool')} />
                <Radio value="studio" label={text('kindStudio')} />
              </Stack>
            </Radio.Group>
          </>
        ) : (
          <Select
            label={text('school')}
            placeholder={text('schoolPlaceholder')}
            size="md"
            searchable
            clearable
            data={schools.map((s) => ({ value: String(s.id), label: s.name }))}
            value={schoolId}
            error={errors.schoolId}
            onChange={setSchoolId}
            nothingFoundMessage={text('notListed')}
          />
        )}
        <Checkbox
          label={text('notListed')}
          checked={notListed}
          onChange={(e) => {
            setNotListed(e.currentTarget.checked);
            setErrors({});
          }}
        />
        <Radio.Group
          label={text('role')}
          value={role}
          onChange={(v) => setRole(v as MembershipRole)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="teacher" label={text('roleTeacher')} />
            <Radio value="coordinator" label={text('roleCoordinator')} />
          </Stack>
        </Radio.Group>
        <Button type="submit" size="md" fullWidth loading={ask.isPending}>
          {text('send')}
        </Button>
      </Stack>
    </form>
  );
}
