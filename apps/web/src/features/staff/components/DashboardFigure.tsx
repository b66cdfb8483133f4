import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One figure: its chart, drawn for sighted readers only (an image with a name), then the same
 * figures as a table, which is what screen readers and keyboards read. The charts take no focus
 * and show no tooltips: recharts' keyboard layer and its tooltip box (tabindex -1) would be
 * focusable content inside the image (axe: nested-interactive), and the table holds every value.
 */
export function Figure(props: {
  id: string;
  title: string;
  description: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={`${props.id}-heading`}>
      <Title order={2} id={`${props.id}-heading`} size="h3" mb={4}>
        {props.title}
      </Title>
      <Text size="sm" mb="md">
        {props.description}
      </Text>
      <div role="img" aria-label={`Chart: ${props.title}. The figures are in the table below.`}>
        {props.chart}
      </div>
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{props.table}</div>
    </Card>
  );
}
