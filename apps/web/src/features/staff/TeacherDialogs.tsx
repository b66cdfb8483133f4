import type { StaffMembership, StaffSchool } from '@eisteddfod/shared';
import { Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useApproveTeacher, useRefuseTeacher } from './api/teachers/teachers.ts';

const ADD = 'add';

/**
 * Approving a request. A school the list did not have: pick the school it is (the look-alikes
 * first, then every school) or add it, with its kind; never a duplicate by default.
 */
export function ApproveDialog(props: {
  request: StaffMembership;
  schools: StaffSchool[];
  onClose: () => void;
}) {
  const { request } = props;
  const proposed = request.proposedSchoolName;
  const [choice, setChoice] = useState<string>(
    proposed && request.lookAlikes[0] ? String(request.lookAlikes[0].id) : ADD,
  );
  const [name, setName] = useState(proposed ?? '');
  const [kind, setKind] = useState<string>(request.kind);
  const approve = useApproveTeacher();
  const others = props.schools.filter(
    (s) => !s.fixed && !request.lookAlikes.some((l) => l.id === s.id),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const body = !proposed
      ? {}
      : choice === ADD
        ? { newSchool: { name: name.trim(), kind: kind as 'school' | 'studio' } }
        : { schoolId: Number(choice) };
    approve.mutate({ id: request.id, body }, { onSuccess: props.onClose });
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Approve ${request.teacherName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {request.teacherName} will act for {proposed ? 'the school below' : request.schoolName}{' '}
            as its {request.role}.
          </Text>
          {proposed && (
            <>
              <Radio.Group
                label={`“${proposed}” is not on the list. Which school is it?`}
                value={choice}
                onChange={setChoice}
              >
                <Stack gap="xs" mt="xs">
                  {request.lookAlikes.map((s) => (
                    <Radio key={s.id} value={String(s.id)} label={`${s.name} (on the list)`} />
                  ))}
                  <Radio value={ADD} label="A new school: add it to the list" />
                </Stack>
              </Radio.Group>
              {choice === ADD && (
                <>
                  <TextInput
                    label="Name on the list"
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                  />
                  <Radio.Group label="Kind" value={kind} onChange={setKind}>
                    <Group mt="xs">
                      <Radio value="school" label="School" />
                      <Radio value="studio" label="Private studio" />
                    </Group>
                  </Radio.Group>
                </>
              )}
              {others.length > 0 && (
                <details>
                  <summary>Another school of the list</summary>
                  <Radio.Group value={choice} onChange={setChoice} aria-label="Other schools">
                    <Stack gap={4} mt="xs">
                      {others.map((s) => (
                        <Radio key={s.id} value={String(s.id)} label={s.name} />
                      ))}
                    </Stack>
                  </Radio.Group>
                </details>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={approve.isPending}
              disabled={choice === ADD && !!proposed && !name.trim()}
            >
              Approve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Refusing a request: the reason is required, and the teacher reads it. */
export function RefuseDialog(props: { request: StaffMembership; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const refuse = useRefuseTeacher();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setError('Please give the teacher a reason.');
      return;
    }
    refuse.mutate({ id: props.request.id, reason: reason.trim() }, { onSuccess: props.onClose });
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Refuse ${props.request.teacherName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Reason (the teacher sees it)"
            required
            rows={3}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={refuse.isPending}>
              Refuse
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
