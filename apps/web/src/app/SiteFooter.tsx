import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './SiteFooter.module.css';

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
];

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Group gap="md" component="nav" aria-label="Social media">
            {SOCIAL.map((s) => (
              <Anchor
                key={s.label}
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                c="gray.2"
              >
                {s.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="md" component="nav" aria-label="Legal">
            <Anchor component={Link} to="/privacy-policy" c="gray.2">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" c="gray.2">
              Terms of Service
            </Anchor>
          </Group>
        </Group>
        <Text size="sm" c="gray.4" mt="md">
          © {new Date().getFullYear()} Online Eisteddfod. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
