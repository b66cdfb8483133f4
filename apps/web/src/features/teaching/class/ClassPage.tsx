import { Button, Container, Group, List, Modal, Text, Title } from '@mantine/core';
import type { ClassLearner } from '@eisteddfod/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { storedCustomerId } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';
import { useClassParents, useInviteAllParents, useInviteParent } from './api/parents.ts';
import { useRemoveLearner, useSchoolClass } from './api/school-class.ts';
import { ClassListImport } from './components/ClassListImport.tsx';
import { LearnerForm } from './components/LearnerForm.tsx';
import { LearnerList } from './components/LearnerList.tsx';
import { text } from './text.ts';

/** /teaching/class/:membershipId: a teacher's class, its learners and its class list. */
export default function ClassPage() {
  const customerId = storedCustomerId();
  const membershipId = Number(useParams().membershipId);
  const cls = useSchoolClass(customerId, membershipId);
  const remove = useRemoveLearner(customerId, membershipId);
  // The form: null closed, 'new' to add a learner, or the learner to edit.
  const [form, setForm] = useState<ClassLearner | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [toRemove, setToRemove] = useState<ClassLearner | null>(null);
  const data = cls.data;
  const parents = useClassParents(customerId, membershipId);
  const invite = useInviteParent(customerId, membershipId);
  const inviteAll = useInviteAllParents(customerId, membershipId);
  const links = parents.data ?? [];
  const byLearner = new Map(links.map((p) => [p.learnerId, p]));
  const takenOver = links.filter((p) => p.state === 'taken-over');
  const anyToInvite = links.some((p) => p.state === 'not-invited');
  const removeName = toRemove ? `${toRemove.firstName} ${toRemove.surname}` : '';

  return (
    <Container size="xl" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {text('title')}
      </Title>
      {cls.isError && <Text mb="md">{text('notLoaded')}</Text>}
      {data && (
        <Text mb="md">
          {data.mine
            ? text('schoolLine', { school: data.schoolName, count: data.learners.length })
            : text('schoolLineOf', {
                school: data.schoolName,
                teacher: data.teacherName,
                count: data.learners.length,
              })}
        </Text>
      )}
      {data?.mine && (
        <Group gap="sm" mb="md">
          <Button w={{ base: '100%', xs: 'auto' }} onClick={() => setForm('new')}>
            {text('addLearner')}
          </Button>
          <Button
            w={{ base: '100%', xs: 'auto' }}
            variant="outline"
            onClick={() => setImporting(true)}
          >
            {text('importList')}
          </Button>
          {anyToInvite && (
            <Button
              w={{ base: '100%', xs: 'auto' }}
              variant="light"
              loading={inviteAll.isPending}
              onClick={() => inviteAll.mutate()}
            >
              {text('inviteAll')}
            </Button>
          )}
        </Group>
      )}
      {importing && (
        <ClassListImport
          customerId={customerId}
          membershipId={membershipId}
          onDone={() => setImporting(false)}
        />
      )}
      {data && data.learners.length === 0 && !importing && <Text>{text('empty')}</Text>}
      {data && data.learners.length > 0 && !importing && (
        <LearnerList
          learners={data.learners}
          mine={data.mine}
          parents={{
            byLearner,
            invitingId: invite.isPending ? (invite.variables ?? null) : null,
            onInvite: (id) => invite.mutate(id),
          }}
          onEdit={setForm}
          onRemove={setToRemove}
        />
      )}
      {takenOver.length > 0 && !importing && (
        <>
          <Title order={2} fz={{ base: 20, sm: 24 }} mt="xl" mb="xs">
            {text('takenOverTitle')}
          </Title>
          <Text mb="xs">{text('takenOverLead')}</Text>
          <List mb="md">
            {takenOver.map((p) => (
              <List.Item key={p.learnerId}>
                {p.firstName} {p.surname}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {form && (
        <LearnerForm
          key={form === 'new' ? 'new' : form.id}
          customerId={customerId}
          membershipId={membershipId}
          learner={form === 'new' ? null : form}
          opened
          onClose={() => setForm(null)}
        />
      )}
      <Modal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        closeButtonProps={{ 'aria-label': text('close') }}
        title={text('removeTitle', { name: removeName })}
      >
        <Text mb="md">{text('removeText', { name: removeName })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setToRemove(null)}>
            {text('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              toRemove &&
              remove.mutate(toRemove.id, {
                onSuccess: () => toast('success', text('removed', { name: removeName })),
                onSettled: () => setToRemove(null),
              })
            }
          >
            {text('remove')}
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}
