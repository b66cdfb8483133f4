import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ParticipantOrderItem, paths } from '@eisteddfod/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AfterLoad } from '../../components/AfterLoad.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts';
import { fetchedAhead } from '../../lib/query-client.ts';
import { toast } from '../../lib/toasts.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { contestantsQuery, useContestants } from '../../shared/contestants/contestants.ts';
import { clientConfigQuery, useClientConfig } from '../../shared/event/api/client-config.ts';
import { useDeleteUpload, useFinaliseEntry, useWithdrawEntry } from './api/entry-actions.ts';
import { entriesQuery, useEntries } from './api/participant-order-items.ts';
import { EntryCard } from './components/EntryCard.tsx';
import { EntriesPager } from './components/EntriesPager.tsx';
import { ConfirmEntryModal } from './components/ConfirmEntryModal.tsx';
import { HelpIcon, HowItWorksModal } from './components/HowItWorksModal.tsx';
import { ResultsModal } from './components/ResultsModal.tsx';
import { entriesTotals } from './entry-state.ts';
import { mainFiles } from './upload-checks.ts';
import { uploadSettings } from './upload-settings.ts';
import { useEntryUploads } from './use-entry-uploads.ts';
import { useIsOnline } from './use-online-status.ts';
import { UploadActivityList } from '../../shared/uploads/UploadActivityList.tsx';
import { EntriesTotals } from './components/EntriesTotals.tsx';
import { openBucketLink } from './open-bucket-link.ts';
import { useEntriesSearch } from './use-entries-search.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { text, uploadText } from './text.ts';

/** /uploads (spec 2, Uploads portal): each paid entry of a contestant, its files and status. */
/**
 * What the portal shows first, fetched ahead by the screen before it (the payment confirmation,
 * My Orders; issue 32): the contestants, the event, and the first contestant's entries, which
 * the portal opens on.
 */
export async function prefetchData(queryClient: QueryClient, customerId: number) {
  const [profiles, config] = await Promise.all([
    queryClient.ensureQueryData(fetchedAhead(contestantsQuery(customerId))),
    queryClient.ensureQueryData(fetchedAhead(clientConfigQuery)),
  ]);
  const first = profiles[0];
  if (!first) return;
  await queryClient.prefetchQuery(
    fetchedAhead(entriesQuery({ participantId: first.id, skip: 0, year: config.year, search: '' })),
  );
}

export default function UploadsPage() {
  useDocumentTitle(text('title'));
  const customerId = storedCustomerId();
  const contestants = useContestants(customerId);
  const config = useClientConfig();
  const settings = useMemo(() => uploadSettings(config.data), [config.data]);
  const isOnline = useIsOnline();

  const [params, setParams] = useSearchParams();
  const uploads = useEntryUploads(settings, customerId);
  const { uploads: shown, dismiss } = uploads;
  const profiles = contestants.data;
  // Back on the portal while an upload runs: its contestant, whose switcher is disabled (spec 4).
  const chosenId = uploads.uploadingFor ?? Number(params.get('participant'));
  const contestant = profiles?.find((profile) => profile.id === chosenId) ?? profiles?.[0];

  // A link to one entry (the class's entries, decision 067) names its item: searched at once.
  const { searchText, search, skip, setSkip, changeSearchText, clearSearch } = useEntriesSearch(
    params.get('item') ?? '',
  );

  // The served event's year, unless the family looks back at an earlier one (issue 16).
  const [chosenYear, setChosenYear] = useState<number>();
  const year = chosenYear ?? config.data?.year;
  const entries = useEntries(
    { participantId: contestant?.id ?? 0, skip, year, search },
    !config.isPending,
  );
  // The entries are drawn in the background, the portal's frame at once (decision 053).
  const page = useDrawnInBackground(entries.data);
  const years = [
    ...new Set([...(config.data ? [config.data.year] : []), ...(page?.years ?? [])]),
  ].sort((a, b) => b - a);

  const removeFile = useDeleteUpload();
  const finalise = useFinaliseEntry();
  const withdraw = useWithdrawEntry();

  const [showHelp, setShowHelp] = useState(false);
  const [toWithdraw, setToWithdraw] = useState<ParticipantOrderItem | null>(null);
  const [toFinalise, setToFinalise] = useState<ParticipantOrderItem | null>(null);
  const [resultOf, setResultOf] = useState<ParticipantOrderItem | null>(null);

  // A paused upload whose file has arrived since (from another device or tab) has nothing left
  // to say.
  useEffect(() => {
    for (const entry of page?.items ?? []) {
      const paused = shown[entry.id];
      if (
        paused?.phase === 'paused' &&
        entry.orderItemUploads.some(
          (file) => !file.isDeleted && file.originalFileName === paused.fileName,
        )
      ) {
        dismiss(entry.id);
      }
    }
  }, [page, shown, dismiss]);

  // Back online after an outage: say so (an interrupted tus upload carries on by itself).
  const wasOnline = useRef(isOnline);
  useEffect(() => {
    if (isOnline && !wasOnline.current) toast('info', text('backOnline'));
    wasOnline.current = isOnline;
  }, [isOnline]);

  function chooseContestant(id: string) {
    setParams({ participant: id }, { replace: true });
    setSkip(0);
  }

  function chooseYear(value: string) {
    setChosenYear(Number(value));
    setSkip(0);
  }

  /**
   * Spec 5: a main entry file first; the server checks again (MAIN_FILE_REQUIRED). Then a
   * confirmation, as a finalised entry takes no more changes (decision 028).
   */
  function finaliseEntry(entry: ParticipantOrderItem) {
    if (mainFiles(entry).length === 0) {
      toast('warning', uploadText('mainFileRequired'));
      return;
    }
    setToFinalise(entry);
  }

  const noContestants = profiles !== undefined && profiles.length === 0;
  const nothingEntered = noContestants || (page !== undefined && page.allEntries === 0 && !search);
  const totals = page ? entriesTotals(page) : null;
  // Uploads of entries not in this list (another contestant, year, page or search): said here,
  // as the shell's bar that shows them elsewhere stays out of the portal.
  const elsewhere = page
    ? Object.values(uploads.uploads).filter(
        (upload) => !page.items.some((entry) => entry.id === upload.entryId),
      )
    : [];

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="md">
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          {uploadText('heading')}
        </Title>
        <ActionIcon
          variant="subtle"
          size={44}
          aria-label={text('howItWorksTitle')}
          aria-haspopup="dialog"
          onClick={() => setShowHelp(true)}
        >
          <HelpIcon />
        </ActionIcon>
      </Group>

      {!isOnline && (
        <Alert color="orange" variant="light" role="alert" title={text('noInternet')} mb="md">
          {uploads.isUploading ? text('offlineUploading') : text('offlineIdle')}
        </Alert>
      )}

      {contestants.isError && <Text mb="md">{text('contestantsNotLoaded')}</Text>}

      {/* With the entries (or their error), not before: drawn first, the picker and the search
          were pushed down by the total line when the entries came (a layout shift of 0.34 in
          Lighthouse's mobile runs, issue 32). The previous page stays while the next loads. */}
      {profiles && profiles.length > 0 && (page !== undefined || entries.isError) && (
        <Stack gap="sm" mb="md">
          <NativeSelect
            label={text('contestant')}
            size="md"
            value={String(contestant?.id ?? '')}
            onChange={(event) => chooseContestant(event.currentTarget.value)}
            disabled={uploads.isUploading}
            description={uploads.isUploading ? text('changeContestantLater') : undefined}
            data={profiles.map((profile) => ({
              value: String(profile.id),
              label: `${profile.firstName} ${profile.surname}`,
            }))}
            maw={{ sm: 420 }}
          />
          {years.length > 1 && year !== undefined && (
            <NativeSelect
              label={text('year')}
              size="md"
              value={String(year)}
              onChange={(event) => chooseYear(event.currentTarget.value)}
              disabled={uploads.isUploading}
              data={years.map(String)}
              maw={{ sm: 200 }}
            />
          )}
          {totals && <EntriesTotals totals={totals} />}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={text('search')}
              placeholder={uploadText('searchPlaceholder')}
              size="md"
              value={searchText}
              onChange={(event) => changeSearchText(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
              maw={{ sm: 320 }}
              type="search"
              autoComplete="off"
            />
            <Button
              size="md"
              variant="default"
              onClick={clearSearch}
              disabled={searchText === '' && search === ''}
            >
              {uploadText('clearSearch')}
            </Button>
            {entries.isFetching && entries.isPlaceholderData && (
              <Loader size="sm" aria-label={text('loadingEntries')} />
            )}
          </Group>
        </Stack>
      )}

      {elsewhere.length > 0 && (
        <Alert
          color="blue"
          variant="light"
          title={text('otherUploads')}
          mb="md"
          data-testid="uploads-elsewhere"
        >
          <UploadActivityList uploads={elsewhere} onDismiss={uploads.dismiss} />
        </Alert>
      )}

      {entries.isError && <Text mb="md">{text('entriesNotLoaded')}</Text>}

      {nothingEntered ? (
        <Stack gap="xs" my="lg">
          <Text fw={600}>{uploadText('noItemsEntered')}</Text>
          <Text>
            <RichText
              text={text}
              id="goToContestants"
              components={{ 0: <Anchor component={Link} to={paths.contestants.href()} fw={700} /> }}
            />
          </Text>
        </Stack>
      ) : (
        page &&
        page.items.length === 0 && (
          <Text fw={600} my="lg">
            {uploadText('noEntries')}
          </Text>
        )
      )}

      {page && page.items.length > 0 && (
        <section aria-labelledby="entries-list">
          <Title order={2} id="entries-list" fz={{ base: 20, sm: 24 }} mb="sm">
            {uploadText('entriesList')}
          </Title>
          <Stack gap="md">
            {page.items.map((entry) => (
              <EntryCard
                key={entry.id}
                entry={entry}
                settings={settings}
                upload={uploads.uploads[entry.id]}
                deletingId={removeFile.isPending ? (removeFile.variables ?? null) : null}
                finalising={finalise.isPending && finalise.variables === entry.id}
                onUpload={(kind, file) => uploads.start(entry, kind, file, contestant)}
                onCancelUpload={() => uploads.cancel(entry.id)}
                onRetryUpload={() => uploads.retry(entry.id)}
                onDismissUpload={() => uploads.dismiss(entry.id)}
                onView={(upload) => openBucketLink(entry, upload)}
                onDelete={(upload) => removeFile.mutate(upload.id)}
                onFinalise={() => finaliseEntry(entry)}
                onWithdraw={() => setToWithdraw(entry)}
                onShowResult={() => setResultOf(entry)}
              />
            ))}
          </Stack>
          <EntriesPager skip={skip} total={page.total} onSkip={setSkip} />
        </section>
      )}

      {/* The closed dialogs are drawn after the screen (decision 062). */}
      <AfterLoad now={showHelp || toWithdraw !== null || toFinalise !== null || resultOf !== null}>
        <HowItWorksModal opened={showHelp} onClose={() => setShowHelp(false)} />
        <ConfirmEntryModal
          entry={toWithdraw}
          title={text('withdrawTitle')}
          question={uploadText('withdrawConfirm')}
          action={text('withdrawEntry')}
          color="red.9"
          busy={withdraw.isPending}
          onConfirm={(entry) => withdraw.mutate(entry.id, { onSettled: () => setToWithdraw(null) })}
          onClose={() => setToWithdraw(null)}
        />
        <ConfirmEntryModal
          entry={toFinalise}
          title={text('finaliseTitle')}
          question={text('finaliseConfirm')}
          action={text('finaliseEntry')}
          busy={finalise.isPending}
          onConfirm={(entry) => finalise.mutate(entry.id, { onSettled: () => setToFinalise(null) })}
          onClose={() => setToFinalise(null)}
        />
        <ResultsModal entry={resultOf} onClose={() => setResultOf(null)} />
      </AfterLoad>
    </Container>
  );
}
