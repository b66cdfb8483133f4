import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { GENDERS, GRADE_VALUES, type ClassLearner, type Gender } from '@eisteddfod/shared';
import { useState } from 'react';
import { ApiRequestError, messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import { useAddLearner, useUpdateLearner } from '../api/school-class.ts';
import { text } from '../text.ts';

interface Fields {
  firstName: string;
  surname: string;
  grade: string;
  gender: Gender | null;
  parentEmail: string;
  parentMobile: string;
}

const blank: Fields = {
  firstName: '',
  surname: '',
  grade: '',
  gender: null,
  parentEmail: '',
  parentMobile: '',
};

const fieldsOf = (l: ClassLearner): Fields => ({
  firstName: l.firstName,
  surname: l.surname,
  grade: l.grade,
  gender: l.gender,
  parentEmail: l.parentEmail ?? '',
  parentMobile: l.parentMobile ?? '',
});

/**
 * Adding a learner (with the teacher's declaration that the school's consent covers them) or
 * editing one. A possible match with a family's child is offered: add anyway, or leave out.
 */
export function LearnerForm({
  customerId,
  membershipId,
  learner,
  opened,
  onClose,
}: {
  customerId: number;
  membershipId: number;
  /** The learner to edit; none to add one. */
  learner: ClassLearner | null;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddLearner(customerId, membershipId);
  const update = useUpdateLearner(customerId, membershipId);
  const [fields, setFields] = useState<Fields>(learner ? fieldsOf(learner) : blank);
  const [declared, setDeclared] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; possibleMatch: boolean } | null>(null);
  const set = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setRefusal(null);
  };
  const name = `${fields.firstName.trim()} ${fields.surname.trim()}`;
  const body = {
    ...fields,
    gender: fields.gender ?? ('' as Gender),
    parentEmail: fields.parentEmail.trim() || null,
    parentMobile: fields.parentMobile.trim() || null,
  };
  const refused = (error: Error) =>
    setRefusal({
      message: messageOf(error),
      possibleMatch:
        error instanceof ApiRequestError && error.body?.code === 'LEARNER_POSSIBLE_MATCH',
    });
  const done = (message: string) => {
    toast('success', message);
    onClose();
  };

  function save(addAnyway = false) {
    if (learner) {
      update.mutate(
        { learnerId: learner.id, learner: body },
        { onSuccess: () => done(text('saved')), onError: refused },
      );
    } else {
      add.mutate(
        { ...body, schoolConsentDeclared: declared, addAnyway },
        { onSuccess: () => done(text('added', { name })), onError: refused },
      );
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': text('close') }}
      title={learner ? text('editTitle') : text('addLearner')}
      fullScreen={false}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={text('firstName')}
              required
              value={fields.firstName}
              onChange={(e) => set({ firstName: e.currentTarget.value })}
            />
            <TextInput
              label={text('surname')}
              required
              value={fields.surname}
              onChange={(e) => set({ surname: e.currentTarget.value })}
            />
          </Group>
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <Select
              label={text('grade')}
              required
              data={GRADE_VALUES.map((g) => ({ value: g, label: g }))}
              value={fields.grade || null}
              onChange={(v) => set({ grade: v ?? '' })}
            />
            <Select
              label={text('gender')}
              required
              data={GENDERS.map((g) => ({ value: g, label: text(g) }))}
              value={fields.gender}
              onChange={(v) => set({ gender: (v as Gender | null) ?? null })}
            />
          </Group>
          <TextInput
            label={text('parentEmail')}
            type="email"
            description={text('parentHint')}
            value={fields.parentEmail}
            onChange={(e) => set({ parentEmail: e.currentTarget.value })}
          />
          <TextInput
            label={text('parentMobile')}
            inputMode="tel"
            value={fields.parentMobile}
            onChange={(e) => set({ parentMobile: e.currentTarget.value })}
          />
          {!learner && (
            <Checkbox
              label={text('declaration')}
              checked={declared}
              onChange={(e) => setDeclared(e.currentTarget.checked)}
            />
          )}
          {refusal && (
            <Alert
              color={refusal.possibleMatch ? 'yellow' : 'red'}
              title={refusal.possibleMatch ? text('matchTitle') : undefined}
              role="alert"
            >
              {refusal.message}
              {refusal.possibleMatch && (
                <Group mt="sm" gap="sm">
                  <Button size="xs" onClick={() => save(true)} loading={add.isPending}>
                    {text('addAnyway')}
                  </Button>
                  <Button size="xs" variant="default" onClick={onClose}>
                    {text('leaveOut')}
                  </Button>
                </Group>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {text('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {learner ? text('save') : text('addLearner')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
