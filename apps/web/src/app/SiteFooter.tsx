import { paths } from '@eisteddfod/shared';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFirstLoads } from '../components/LoadingOverlay.tsx';
import { useLoadedPublicSite } from '../shared/event/api/event-content.ts';
import classes from './SiteFooter.module.css';
import { text } from './text.ts';

/** Used until a public page has loaded the event's own links (brand names: data, not words). */
const FALLBACK_SOCIAL = [
  { label: 'Facebook', url: 'https://www.facebook.com/' },
  { label: 'Instagram', url: 'https://www.instagram.com/' },
  { label: 'YouTube', url: 'https://www.youtube.com/' },
];

/**
 * The footer once the screen has its first data (issue 32). A signed-in screen draws itself
 * and then fetches (the contestants, the cart, the entries) under the loading overlay; a footer
 * drawn meanwhile sat at the foot of the short loading screen and was pushed down when the data
 * came in, a layout shift of 0.08 to 0.2 in Lighthouse's mobile runs. Shown after, it moves
 * nothing.
 */
export function SiteFooterOnceLoaded() {
  return useFirstLoads() > 0 ? null : <SiteFooter />;
}

/** Spec 2, "Menu and footer": social links, a copyright line, Privacy Policy, Terms of Service. */
function SiteFooter() {
  const social = useLoadedPublicSite().data?.content.social ?? FALLBACK_SOCIAL;
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md" align="flex-start">
          <Group gap="md" component="nav" aria-label={text('socialMedia')}>
            {social.map((s) => (
              <Anchor
                key={s.label}
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                c="gray.2"
              >
                {s.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="md" component="nav" aria-label={text('legal')}>
            <Anchor component={Link} to={paths.contact.href()} c="gray.2">
              {text('contact')}
            </Anchor>
            <Anchor component={Link} to={paths.privacyPolicy.href()} c="gray.2">
              {text('privacyPolicy')}
            </Anchor>
            <Anchor component={Link} to={paths.termsOfService.href()} c="gray.2">
              {text('termsOfService')}
            </Anchor>
          </Group>
        </Group>
        <Text size="sm" c="gray.4" mt="md">
          {text('copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
