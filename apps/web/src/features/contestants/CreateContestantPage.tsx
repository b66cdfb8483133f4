import { Divider, Stack, Title } from '@mantine/core';
import { CONTESTANT_MESSAGES, contestantProblem, paths } from '@eisteddfod/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { toast } from '../../lib/toasts.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useReferenceLists } from './api/reference-lists.ts';
import { useCreateContestant } from './api/save-contestant.ts';
import { ConsentCheckbox, HonourPledgeText, TermsText } from './components/ConsentCheckbox.tsx';
import {
  CONTESTANT_PROBLEM_FIELD,
  ContestantFields,
  type ContestantField,
  EMPTY_CONTESTANT,
  type ContestantFieldValues,
} from './components/ContestantFields.tsx';
import { ContestantPage, FormButtons, Panel } from './components/ContestantPage.tsx';
import { PictureUpload, type UploadedPicture } from './components/PictureUpload.tsx';

/** {customerId}/create-participant-profile (spec 2 and 5): add a contestant. */
export default function CreateContestantPage() {
  const customerId = storedCustomerId();
  const navigate = useNavigate();
  const reference = useReferenceLists();
  const create = useCreateContestant(customerId);
  const [values, setValues] = useState<ContestantFieldValues>(EMPTY_CONTESTANT);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedHonourPledge, setAcceptedHonourPledge] = useState(false);
  const [picture, setPicture] = useState<UploadedPicture | null>(null);
  // A contestant saved while its picture is still going up would be saved without it.
  const [isPictureBusy, setPictureBusy] = useState(false);
  const schools = reference.data?.schools ?? [];
  const faults = useFieldErrors<ContestantField>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = contestantProblem({ ...values, acceptedTerms, acceptedHonourPledge }, schools);
    if (problem) {
      toast('warning', problem);
      const field = CONTESTANT_PROBLEM_FIELD[problem];
      if (field) faults.mark({ [field]: problem });
      return;
    }
    create.mutate(
      {
        customerId,
        firstName: values.firstName.trim(),
        surname: values.surname.trim(),
        email: null,
        mobileNumber: null,
        school: values.school,
        grade: values.grade,
        gender: values.gender || null,
        profilePicture: picture?.name ?? null,
        acceptedTermsAndConditions: acceptedTerms,
        acceptedHonourPledge,
      },
      {
        onSuccess: () => {
          toast('success', CONTESTANT_MESSAGES.created);
          void navigate(paths.contestants.href());
        },
      },
    );
  }

  return (
    <ContestantPage title="Add Contestant">
      <Panel>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ContestantFields
              values={values}
              onChange={setValues}
              schools={schools}
              faults={faults}
            />

            <Divider my="xs" />
            <Title order={2} fz="lg">
              Profile Picture
            </Title>
            <PictureUpload
              customerId={customerId}
              firstName={values.firstName}
              surname={values.surname}
              picture={{
                imageUrl: picture?.fileUrl || null,
                documentName: picture && !picture.fileUrl ? picture.fileName : null,
              }}
              onUploaded={setPicture}
              onBusyChange={setPictureBusy}
            />

            <Divider my="xs" />
            <ConsentCheckbox
              label="Honour Pledge"
              checked={acceptedHonourPledge}
              {...faults.field('pledge')}
              onChange={(checked) => {
                setAcceptedHonourPledge(checked);
                faults.changed('pledge');
              }}
            >
              <HonourPledgeText />
            </ConsentCheckbox>
            <ConsentCheckbox
              label="Terms & Conditions"
              checked={acceptedTerms}
              {...faults.field('terms')}
              onChange={(checked) => {
                setAcceptedTerms(checked);
                faults.changed('terms');
              }}
            >
              <TermsText />
            </ConsentCheckbox>

            <FormButtons label="Add Contestant" saving={create.isPending || isPictureBusy} />
          </Stack>
        </form>
      </Panel>
    </ContestantPage>
  );
}
