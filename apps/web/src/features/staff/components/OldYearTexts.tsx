import { paths, type OldYearText, type StaffEvent } from '@eisteddfod/shared';
import { Anchor, Card, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Where each kind of text is changed. */
const PLACES: Record<OldYearText['place'], { label: string; href: (id: number) => string }> = {
  settings: { label: 'Change it in the settings below', href: () => '#settings-heading' },
  content: { label: 'Edit the site content', href: (id) => paths.staffEventContent.href({ id }) },
  catalogue: { label: 'Edit the catalogue', href: (id) => paths.staffEventCatalogue.href({ id }) },
  rubrics: { label: 'Edit the rubrics', href: (id) => paths.staffEventRubrics.href({ id }) },
};

/**
 * A copy's family-facing texts that still name the year it came from (decision 059), each
 * linked to the screen that changes it; shown before 'Make live'.
 */
export function OldYearTexts({ event }: { event: StaffEvent }) {
  const texts = event.oldYearTexts;
  if (event.copiedFromYear === null) return null;
  if (texts.length === 0)
    return (
      <Text size="sm" role="status">
        Copied from {event.copiedFromYear}: no text families see names {event.copiedFromYear} any
        more.
      </Text>
    );
  return (
    <Card withBorder component="section" aria-labelledby="old-year-heading">
      <Title order={2} id="old-year-heading" mb={4}>
        {texts.length === 1 ? 'A text still names' : `${texts.length} texts still name`}{' '}
        {event.copiedFromYear}
      </Title>
      <Text size="sm" mb="sm">
        This event was copied from {event.copiedFromYear}. The copy changed the event’s name and the
        site title to {event.settings.year}; these texts families see still name{' '}
        {event.copiedFromYear}. Change each that should say {event.settings.year} before making the
        event live.
      </Text>
      <List size="sm" spacing="xs" aria-label={`Texts naming ${event.copiedFromYear}`}>
        {texts.map((t, i) => {
          const place = PLACES[t.place];
          const href = place.href(event.id);
          return (
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={600} span>
                {t.field}:
              </Text>{' '}
              “{t.excerpt}”{' '}
              {href.startsWith('#') ? (
                <Anchor href={href} size="sm">
                  {place.label}
                </Anchor>
              ) : (
                <Anchor component={Link} to={href} size="sm">
                  {place.label}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
