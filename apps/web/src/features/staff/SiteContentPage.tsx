import {
  HOME_FAQ_COUNT,
  paths,
  SiteContentSchema,
  untranslatedSiteTexts,
  type SiteContent,
} from '@eisteddfod/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { storeSitePreview } from '../../shared/event/site-preview.ts';
import { useStaffEvent } from './api/events/get-event.ts';
import { useSiteContent } from './api/site-content/get-site-content.ts';
import { usePublishSiteContent } from './api/site-content/publish-site-content.ts';
import {
  AdjudicatorsEditor,
  cleanBio,
  GalleryEditor,
  SchoolsEditor,
} from './components/SiteListEditors.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { TranslationFields } from './components/TranslationFields.tsx';
import { UntranslatedList } from './components/UntranslatedList.tsx';
import classes from './SiteContentPage.module.css';
import { issueWords } from '../../lib/i18n/issue-words.ts';

type Faq = SiteContent['faq'];

/** The FAQ in its order: the home page shows the first five, the FAQ document all. */
function FaqEditor({ faq, onChange }: { faq: Faq; onChange: (faq: Faq) => void }) {
  const set = (index: number, change: Partial<Faq[number]>) =>
    onChange(faq.map((f, k) => (k === index ? { ...f, ...change } : f)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...faq];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    onChange(next);
  };
  return (
    <Card withBorder component="section" aria-labelledby="faq-heading">
      <Group justify="space-between" mb={4}>
        <Title order={2} id="faq-heading">
          Frequently asked questions
        </Title>
        <Button variant="default" onClick={() => onChange([{ question: '', answer: '' }, ...faq])}>
          Add a question
        </Button>
      </Group>
      <Text size="sm" mb="sm">
        The home page shows the first {HOME_FAQ_COUNT}; the FAQ document has them all. A new
        question starts at the top.
      </Text>
      <Stack gap="md">
        {faq.map((entry, index) => (
          <Stack
            key={index}
            gap={4}
            pb="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <TextInput
              label={`Question ${index + 1}${index < HOME_FAQ_COUNT ? ' (on the home page)' : ''}`}
              value={entry.question}
              onChange={(e) => set(index, { question: e.currentTarget.value })}
            />
            <TranslationFields
              translations={entry.translations}
              field="question"
              label={`Question ${index + 1}`}
              onChange={(translations) => set(index, { translations })}
            />
            <Textarea
              label={`Answer ${index + 1}`}
              rows={3}
              value={entry.answer}
              onChange={(e) => set(index, { answer: e.currentTarget.value })}
            />
            <TranslationFields
              translations={entry.translations}
              field="answer"
              label={`Answer ${index + 1}`}
              rows={3}
              onChange={(translations) => set(index, { translations })}
            />
            <Group gap="xs">
              <ActionIcon
                variant="default"
                size={36}
                aria-label={`Move question ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={`Move question ${index + 1} down`}
                disabled={index === faq.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </ActionIcon>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => onChange(faq.filter((_, k) => k !== index))}
              >
                Remove question {index + 1}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/** Which entry of a list an issue is about: "Artwork 4: Please give every artwork a title." */
const ENTRY_NAMES: Record<string, string> = {
  faq: 'Question',
  artworks: 'Artwork',
  participatingSchools: 'School',
  adjudicators: 'Adjudicator',
};
function placed(issue: { message: string; path: PropertyKey[] } | undefined) {
  if (!issue) return undefined;
  const [list, index] = issue.path;
  const entry = typeof list === 'string' ? ENTRY_NAMES[list] : undefined;
  return entry && typeof index === 'number'
    ? `${entry} ${index + 1}: ${issueWords(issue.message)}`
    : issueWords(issue.message);
}

/** Each translated biography as it will be published, as the English one is (cleanBio). */
const cleanBios = (translations: SiteContent['adjudicators'][number]['translations']) =>
  translations &&
  Object.fromEntries(
    Object.entries(translations).map(([locale, t]) => [
      locale,
      t.bio ? { ...t, bio: cleanBio(t.bio) } : t,
    ]),
  );

function SiteContentForm({ eventId, published }: { eventId: number; published: SiteContent }) {
  const [draft, setDraft] = useState(published);
  const [error, setError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const publish = usePublishSiteContent(eventId);
  const phone = useMediaQuery('(max-width: 48em)');

  function checked(): SiteContent | undefined {
    const parsed = SiteContentSchema.safeParse({
      ...draft,
      adjudicators: draft.adjudicators.map((a) => ({
        ...a,
        bio: cleanBio(a.bio),
        translations: cleanBios(a.translations),
      })),
    });
    setError(parsed.success ? undefined : placed(parsed.error.issues[0]));
    return parsed.success ? parsed.data : undefined;
  }

  function preview() {
    const content = checked();
    if (!content) return;
    storeSitePreview(content);
    setPreviewing(true);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const content = checked();
    if (content) publish.mutate(content, { onSuccess: (saved) => setDraft(saved) });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder component="section" aria-labelledby="hero-heading">
          <Title order={2} id="hero-heading" mb="sm">
            Home page
          </Title>
          <Stack gap="sm">
            <TextInput
              label="Title"
              value={draft.title}
              onChange={(e) => {
                const title = e.currentTarget.value;
                setDraft((d) => ({ ...d, title }));
              }}
            />
            <TranslationFields
              translations={draft.translations}
              field="title"
              label="Title"
              onChange={(translations) => setDraft((d) => ({ ...d, translations }))}
            />
            <Textarea
              label="Introduction"
              rows={4}
              value={draft.intro}
              onChange={(e) => {
                const intro = e.currentTarget.value;
                setDraft((d) => ({ ...d, intro }));
              }}
            />
            <TranslationFields
              translations={draft.translations}
              field="intro"
              label="Introduction"
              rows={4}
              onChange={(translations) => setDraft((d) => ({ ...d, translations }))}
            />
            <Text size="sm">
              The host line is in the event’s settings; the key dates come from its dates.
            </Text>
          </Stack>
        </Card>
        <GalleryEditor
          eventId={eventId}
          items={draft.artworks}
          onChange={(artworks) => setDraft((d) => ({ ...d, artworks }))}
        />
        <SchoolsEditor
          eventId={eventId}
          items={draft.participatingSchools}
          onChange={(participatingSchools) => setDraft((d) => ({ ...d, participatingSchools }))}
        />
        <AdjudicatorsEditor
          eventId={eventId}
          items={draft.adjudicators}
          onChange={(adjudicators) => setDraft((d) => ({ ...d, adjudicators }))}
        />
        <FaqEditor faq={draft.faq} onChange={(faq) => setDraft((d) => ({ ...d, faq }))} />
        <UntranslatedList untranslated={(locale) => untranslatedSiteTexts(locale, draft)} />
        {/* Kept in sight at the foot of the window: the page is long. */}
        <Stack gap="xs" className={classes.actions}>
          {error && (
            <Text c="red.9" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Text size="sm" c="gray.7" mr="auto" visibleFrom="xs">
              Nothing changes for families until you publish.
            </Text>
            <Button variant="default" onClick={preview}>
              Preview
            </Button>
            <Button type="submit" loading={publish.isPending}>
              Publish
            </Button>
          </Group>
        </Stack>
      </Stack>
      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        title="Preview of the home page"
        size="90rem"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close the preview' }}
      >
        <iframe
          title="The home page with these changes"
          src={`${paths.home.href()}?preview=1`}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      </Modal>
    </form>
  );
}

function SiteContentScreen({ id }: { id: number }) {
  const event = useStaffEvent(id);
  const content = useSiteContent(id);
  if (event.isPending || content.isPending) return <Loader aria-label="Loading the content" />;
  if (event.isError || content.isError)
    return (
      <Alert color="red" title="Error">
        The site content could not be loaded. Please try again.
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.staffEvent.href({ id })}>
        Back to {event.data.settings.name}
      </Anchor>
      {!event.data.isLive && (
        <Text size="sm">
          This event is not live yet: its words reach the site when it is made live.
        </Text>
      )}
      <SiteContentForm eventId={id} published={content.data} />
    </Stack>
  );
}

export default function SiteContentPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Site content" action="manage:site-content">
      {() => <SiteContentScreen id={id} />}
    </StaffArea>
  );
}
