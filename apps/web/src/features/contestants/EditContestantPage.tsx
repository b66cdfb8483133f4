import { Button, Grid, Stack, Text, Title } from '@mantine/core';
import { contestantProblem, type ParticipantProfile, paths } from '@eisteddfod/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { wordsOf } from '../../lib/i18n/catalogue.ts';
import { toast } from '../../lib/toasts.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useContestants } from '../../shared/contestants/contestants.ts';
import { useReferenceLists } from './api/reference-lists.ts';
import { useUpdateContestant } from './api/save-contestant.ts';
import {
  CONTESTANT_PROBLEM_FIELD,
  ContestantFields,
  NO_SCHOOLS,
  useContestantValues,
  type ContestantField,
} from './components/ContestantFields.tsx';
import { ContestantPage, FormButtons, Panel } from './components/ContestantPage.tsx';
import { EntryProgress } from '../../shared/contestants/EntryProgress.tsx';
import { PictureUpload, type UploadedPicture } from './components/PictureUpload.tsx';
import { text } from './text.ts';

const header = <EntryProgress firstStep="editProfile" active={0} />;

/** edit-profile/{id} (spec 2): change a contestant, found by its id in the customer's list. */
export default function EditContestantPage() {
  const profileId = Number(useParams().id);
  const customerId = storedCustomerId();
  const contestants = useContestants(customerId);
  const contestant = contestants.data?.find((c) => c.id === profileId);

  if (contestant) {
    return (
      <EditContestantForm key={contestant.id} customerId={customerId} contestant={contestant} />
    );
  }
  return (
    <ContestantPage
      title={contestants.data ? text('notFoundTitle') : text('editTitle')}
      header={contestants.data ? undefined : header}
    >
      {contestants.data && (
        <Panel>
          <Text mb="lg">{text('notFoundText')}</Text>
          <Button component={Link} to={paths.contestants.href()}>
            {text('backToList')}
          </Button>
        </Panel>
      )}
      {contestants.isError && <Text>{text('notLoaded')}</Text>}
    </ContestantPage>
  );
}

function EditContestantForm(props: { customerId: number; contestant: ParticipantProfile }) {
  const { customerId, contestant } = props;
  const navigate = useNavigate();
  const reference = useReferenceLists();
  const update = useUpdateContestant(customerId);
  const [values, change] = useContestantValues({
    firstName: contestant.firstName,
    surname: contestant.surname,
    school: contestant.school,
    gender: contestant.gender ?? '',
    grade: contestant.grade,
  });
  const [uploaded, setUploaded] = useState<UploadedPicture | null>(null);
  const schools = reference.data?.schools ?? NO_SCHOOLS;
  const faults = useFieldErrors<ContestantField>();

  function submit(event: FormEvent) {
    event.preventDefault();
    // Consent was given when the contestant was added; editing does not ask again.
    const refused = contestantProblem(
      { ...values, acceptedTerms: true, acceptedHonourPledge: true },
      schools,
    );
    if (refused) {
      // contestantText's catalogue (text.ts) says it.
      const problem = wordsOf(refused);
      toast('warning', problem);
      const field = CONTESTANT_PROBLEM_FIELD[refused.id];
      if (field) faults.mark({ [field]: problem });
      return;
    }
    update.mutate(
      {
        id: contestant.id,
        customerId,
        firstName: values.firstName.trim(),
        surname: values.surname.trim(),
        email: contestant.email,
        mobileNumber: contestant.mobileNumber,
        school: values.school,
        grade: values.grade,
        gender: values.gender || null,
      },
      {
        onSuccess: () => {
          toast('success', text('updated'));
          void navigate(paths.contestants.href());
        },
      },
    );
  }

  // Just uploaded: the answer's link; otherwise what the list says. The same object until one
  // of them changes: the memoised picture chooser is then not drawn again with the fields.
  const { profileImageLink, profilePictureName } = contestant;
  const picture = useMemo(
    () =>
      uploaded
        ? {
            imageUrl: uploaded.fileUrl || null,
            documentName: uploaded.fileUrl ? null : uploaded.fileName,
          }
        : { imageUrl: profileImageLink, documentName: profilePictureName },
    [uploaded, profileImageLink, profilePictureName],
  );

  return (
    <ContestantPage title={text('editTitle')} header={header}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Panel>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <ContestantFields
                  values={values}
                  onChange={change}
                  schools={schools}
                  faults={faults}
                  required
                />
                <FormButtons label={text('updateContestant')} saving={update.isPending} />
              </Stack>
            </form>
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel>
            <Title order={2} fz="lg" mb="sm">
              {text('profilePicture')}
            </Title>
            <PictureUpload
              customerId={customerId}
              contestantId={contestant.id}
              firstName={contestant.firstName}
              surname={contestant.surname}
              picture={picture}
              onUploaded={setUploaded}
            />
          </Panel>
        </Grid.Col>
      </Grid>
    </ContestantPage>
  );
}
