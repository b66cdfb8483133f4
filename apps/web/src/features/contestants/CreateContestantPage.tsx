import { Divider, Stack, Title } from '@mantine/core';
import { contestantProblem, paths } from '@eisteddfod/shared';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { wordsOf } from '../../lib/i18n/catalogue.ts';
import { toast } from '../../lib/toasts.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useReferenceLists } from './api/reference-lists.ts';
import { useCreateContestant } from './api/save-contestant.ts';
import { ConsentCheckbox, HonourPledgeText, TermsText } from './components/ConsentCheckbox.tsx';
import {
  CONTESTANT_PROBLEM_FIELD,
  ContestantFields,
  NO_SCHOOLS,
  useContestantValues,
  type ContestantField,
  EMPTY_CONTESTANT,
} from './components/ContestantFields.tsx';
import { ContestantPage, FormButtons, Panel } from './components/ContestantPage.tsx';
import { PictureUpload, type UploadedPicture } from './components/PictureUpload.tsx';
import { text } from './text.ts';

// The consents' texts, made once: a memoised consent box is then not drawn again with the form.
const HONOUR_PLEDGE = <HonourPledgeText />;
const TERMS = <TermsText />;

/** {customerId}/create-participant-profile (spec 2 and 5): add a contestant. */
export default function CreateContestantPage() {
  const customerId = storedCustomerId();
  const navigate = useNavigate();
  const reference = useReferenceLists();
  const create = useCreateContestant(customerId);
  const [values, change] = useContestantValues(EMPTY_CONTESTANT);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [acceptedHonourPledge, setAcceptedHonourPledge] = useState(false);
  const [picture, setPicture] = useState<UploadedPicture | null>(null);
  // A contestant saved while its picture is still going up would be saved without it.
  const [isPictureBusy, setPictureBusy] = useState(false);
  const schools = reference.data?.schools ?? NO_SCHOOLS;
  const faults = useFieldErrors<ContestantField>();
  const { changed } = faults;
  const acceptPledge = useCallback(
    (checked: boolean) => {
      setAcceptedHonourPledge(checked);
      changed('pledge');
    },
    [changed],
  );
  const acceptTerms = useCallback(
    (checked: boolean) => {
      setAcceptedTerms(checked);
      changed('terms');
    },
    [changed],
  );
  const pictureView = useMemo(
    () => ({
      imageUrl: picture?.fileUrl || null,
      documentName: picture && !picture.fileUrl ? picture.fileName : null,
    }),
    [picture],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = contestantProblem({ ...values, acceptedTerms, acceptedHonourPledge }, schools);
    if (refused) {
      // contestantText's catalogue (text.ts) says it.
      const problem = wordsOf(refused);
      toast('warning', problem);
      const field = CONTESTANT_PROBLEM_FIELD[refused.id];
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
          toast('success', text('created'));
          void navigate(paths.contestants.href());
        },
      },
    );
  }

  return (
    <ContestantPage title={text('addTitle')}>
      <Panel>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ContestantFields values={values} onChange={change} schools={schools} faults={faults} />

            <Divider my="xs" />
            <Title order={2} fz="lg">
              {text('profilePicture')}
            </Title>
            <PictureUpload
              customerId={customerId}
              firstName={values.firstName}
              surname={values.surname}
              picture={pictureView}
              onUploaded={setPicture}
              onBusyChange={setPictureBusy}
            />

            <Divider my="xs" />
            <ConsentCheckbox
              label={text('honourPledge')}
              checked={acceptedHonourPledge}
              {...faults.field('pledge')}
              onChange={acceptPledge}
            >
              {HONOUR_PLEDGE}
            </ConsentCheckbox>
            <ConsentCheckbox
              label={text('terms')}
              checked={acceptedTerms}
              {...faults.field('terms')}
              onChange={acceptTerms}
            >
              {TERMS}
            </ConsentCheckbox>

            <FormButtons label={text('addContestant')} saving={create.isPending || isPictureBusy} />
          </Stack>
        </form>
      </Panel>
    </ContestantPage>
  );
}
