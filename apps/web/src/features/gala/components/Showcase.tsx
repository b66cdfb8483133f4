import type { ShowcaseItem } from '@eisteddfod/shared';
import { Anchor, AspectRatio, Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { text } from '../text.ts';
import { MEDAL_KEYS } from './MedalCounts.tsx';

/**
 * A winning entry, played or shown from where it is kept: our own signed file (range requests,
 * its poster until it plays) or Bunny's embed page in a frame.
 */
function Media({ item, title }: { item: ShowcaseItem; title: string }) {
  if (item.kind === 'video' && item.embed)
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={item.url}
          title={title}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          style={{ border: 0 }}
        />
      </AspectRatio>
    );
  if (item.kind === 'video')
    return (
      <AspectRatio ratio={16 / 9}>
        <video
          controls
          preload="none"
          playsInline
          src={item.url}
          poster={item.posterUrl ?? undefined}
          aria-label={title}
          style={{ background: '#000' }}
        />
      </AspectRatio>
    );
  if (item.kind === 'audio')
    return <audio controls preload="none" src={item.url} aria-label={title} />;
  if (item.kind === 'image')
    return (
      <img
        src={item.url}
        alt={title}
        loading="lazy"
        style={{ width: '100%', maxHeight: 360, objectFit: 'contain', background: '#f1f3f5' }}
      />
    );
  return (
    <Anchor href={item.url} target="_blank" rel="noopener" fw={600}>
      {text('read', { title })}
    </Anchor>
  );
}

/** Winners' performances and artworks whose families consented to publication (spec 9). */
export function Showcase({ items }: { items: ShowcaseItem[] }) {
  if (items.length === 0) return <Text>{text('showcaseEmpty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {items.map((item) => {
        const title = text('entryTitle', { title: item.itemTitle, name: item.name });
        const id = `showcase-${item.section}-${item.bandLabel}-${item.itemCode}`.replace(
          /[^A-Za-z0-9-]/g,
          '-',
        );
        return (
          <Card key={id} withBorder component="article" aria-labelledby={id}>
            <Card.Section mb="sm">
              <Media item={item} title={title} />
            </Card.Section>
            <Title order={3} size="h5" id={id} style={{ overflowWrap: 'anywhere' }}>
              {text('showcaseHeading', { name: item.name, title: item.itemTitle })}
            </Title>
            <Group gap="xs" mt={4} wrap="wrap">
              <Text size="sm">
                {text('sectionBand', { section: item.section, band: item.bandLabel })}
              </Text>
              <Badge color="grape.9" variant="filled">
                {text(MEDAL_KEYS[item.medal])}
              </Badge>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
