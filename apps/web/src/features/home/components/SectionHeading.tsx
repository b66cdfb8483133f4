import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './home.module.css';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'left' | 'center';
}

/** A section's small label, heading (the section's accessible name, via `id`) and lead text. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? classes.headingCentre : classes.heading}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {children && <Text className={classes.lead}>{children}</Text>}
    </div>
  );
}
