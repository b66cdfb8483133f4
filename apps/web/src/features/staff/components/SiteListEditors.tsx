import { SITE_LIST_LIMITS, type SiteContent } from '@eisteddfod/shared';
import {
  ActionIcon,
  Button,
  Card,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode } from 'react';
import { artworkSrc, portraitSrc, schoolLogoSrc } from '../../../shared/event/documents.ts';
import { TranslationFields } from './TranslationFields.tsx';
import { PictureField } from './SitePictureField.tsx';

// The lists of the home page that carry pictures (issue 16): the gallery, last year's schools
// and the adjudicators. Each entry is added, edited, moved and removed here; its picture is
// uploaded at once (checked and re-encoded by the server) and shown to families on Publish.

type Artwork = SiteContent['artworks'][number];
type School = SiteContent['participatingSchools'][number];
type Adjudicator = SiteContent['adjudicators'][number];

interface ListSectionProps<T> {
  id: string;
  title: string;
  /** One entry, as in "Artwork 2" and "Add an artwork". */
  noun: string;
  addLabel: string;
  intro: ReactNode;
  items: T[];
  max: number;
  blank: () => T;
  onChange: (items: T[]) => void;
  children: (item: T, index: number, set: (patch: Partial<T>) => void) => ReactNode;
}

/** A list in its order: each entry in a fieldset of its own, with its move and remove buttons. */
function ListSection<T>(props: ListSectionProps<T>) {
  const { items, onChange, noun } = props;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [entry] = next.splice(index, 1);
    if (entry !== undefined) next.splice(index + by, 0, entry);
    onChange(next);
  };
  return (
    <Card withBorder component="section" aria-labelledby={props.id}>
      <Group justify="space-between" mb={4}>
        <Title order={2} id={props.id}>
          {props.title}
        </Title>
        <Button
          variant="default"
          disabled={items.length >= props.max}
          onClick={() => onChange([...items, props.blank()])}
        >
          {props.addLabel}
        </Button>
      </Group>
      <Text size="sm" mb="sm">
        {props.intro}
      </Text>
      <Stack gap="md">
        {items.map((item, index) => (
          <Fieldset key={index} legend={`${Noun} ${index + 1}`} p={{ base: 'xs', sm: 'sm' }}>
            <Stack gap="xs">
              {props.children(item, index, (patch) =>
                onChange(items.map((it, k) => (k === index ? { ...it, ...patch } : it))),
              )}
              <Group gap="xs">
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={`Move ${noun} ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={`Move ${noun} ${index + 1} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
                <Button
                  variant="default"
                  size="compact-sm"
                  disabled={items.length <= 1}
                  onClick={() => onChange(items.filter((_, k) => k !== index))}
                >
                  Remove {noun} {index + 1}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
      </Stack>
    </Card>
  );
}

interface EditorProps<T> {
  eventId: number;
  items: T[];
  onChange: (items: T[]) => void;
}

/** The home page's carousel. */
export function GalleryEditor({ eventId, items, onChange }: EditorProps<Artwork>) {
  return (
    <ListSection
      id="gallery-heading"
      title="Gallery"
      noun="artwork"
      addLabel="Add an artwork"
      intro="The home page’s carousel shows these artworks in this order."
      items={items}
      max={SITE_LIST_LIMITS.artworks.max}
      blank={() => ({ title: '', artist: '', alt: '', image: '' })}
      onChange={onChange}
    >
      {(artwork, index, set) => (
        <>
          <PictureField
            eventId={eventId}
            kind="artwork"
            what={`picture of artwork ${index + 1}`}
            image={artwork.image}
            src={artworkSrc}
            onUploaded={(image) => set({ image })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label="Title"
              value={artwork.title}
              onChange={(e) => set({ title: e.currentTarget.value })}
            />
            <TextInput
              label="Artist"
              placeholder="Lerato M., Grade 9"
              value={artwork.artist}
              onChange={(e) => set({ artist: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Textarea
            label="Alt text"
            description="What the picture shows, for people who cannot see it."
            rows={2}
            value={artwork.alt}
            onChange={(e) => set({ alt: e.currentTarget.value })}
          />
        </>
      )}
    </ListSection>
  );
}

/** Last year's participating schools with their logos. */
export function SchoolsEditor({ eventId, items, onChange }: EditorProps<School>) {
  return (
    <ListSection
      id="schools-heading"
      title="Participating schools"
      noun="school"
      addLabel="Add a school"
      intro="Last year’s schools, with their logos, in this order."
      items={items}
      max={SITE_LIST_LIMITS.participatingSchools.max}
      blank={() => ({ name: '', logo: '' })}
      onChange={onChange}
    >
      {(school, index, set) => (
        <>
          <PictureField
            eventId={eventId}
            kind="logo"
            what={`logo of school ${index + 1}`}
            image={school.logo}
            src={schoolLogoSrc}
            onUploaded={(logo) => set({ logo })}
          />
          <TextInput
            label="Name"
            value={school.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
        </>
      )}
    </ListSection>
  );
}

/**
 * The paragraphs of a biography as one text, an empty line between two. Joined and split with
 * the same separator, so typing is never disturbed; empty paragraphs go when it is checked.
 */
const PARAGRAPH_BREAK = '\n\n';

/** The draft's biography as it will be published: its paragraphs, trimmed, none empty. */
export const cleanBio = (bio: string[]) =>
  bio
    .join(PARAGRAPH_BREAK)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The adjudicators' profiles; their bio PDFs are made from them when published. */
export function AdjudicatorsEditor({ eventId, items, onChange }: EditorProps<Adjudicator>) {
  return (
    <ListSection
      id="adjudicators-heading"
      title="Adjudicators"
      noun="adjudicator"
      addLabel="Add an adjudicator"
      intro="Each profile is on the home page with a link to a biography PDF made from it."
      items={items}
      max={SITE_LIST_LIMITS.adjudicators.max}
      blank={(): Adjudicator => ({
        name: '',
        discipline: '',
        summary: '',
        bio: [''],
        portrait: '',
      })}
      onChange={onChange}
    >
      {(person, index, set) => (
        <>
          <PictureField
            eventId={eventId}
            kind="portrait"
            what={`portrait of adjudicator ${index + 1}`}
            image={person.portrait}
            src={portraitSrc}
            round
            onUploaded={(portrait) => set({ portrait })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label="Name"
              value={person.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <TextInput
              label="Discipline"
              value={person.discipline}
              onChange={(e) => set({ discipline: e.currentTarget.value })}
            />
          </SimpleGrid>
          <TranslationFields
            translations={person.translations}
            field="discipline"
            label="Discipline"
            onChange={(translations) => set({ translations })}
          />
          <Textarea
            label="Summary"
            description="One or two sentences on the home page."
            rows={3}
            value={person.summary}
            onChange={(e) => set({ summary: e.currentTarget.value })}
          />
          <TranslationFields
            translations={person.translations}
            field="summary"
            label="Summary"
            rows={3}
            onChange={(translations) => set({ translations })}
          />
          <Textarea
            label="Biography"
            description="For the PDF. Leave an empty line between paragraphs."
            rows={6}
            value={person.bio.join(PARAGRAPH_BREAK)}
            onChange={(e) => set({ bio: e.currentTarget.value.split(PARAGRAPH_BREAK) })}
          />
          <TranslationFields
            translations={person.translations}
            field="bio"
            label="Biography"
            rows={6}
            paragraphs
            onChange={(translations) => set({ translations })}
          />
        </>
      )}
    </ListSection>
  );
}
