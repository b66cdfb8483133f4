import type { MarkStatus } from '@eisteddfod/shared';
import { Badge } from '@mantine/core';

const LOOK: Record<MarkStatus, { label: string; color: string }> = {
  unmarked: { label: 'Not marked', color: 'gray' },
  draft: { label: 'Draft', color: 'orange' },
  submitted: { label: 'Submitted', color: 'blue' },
  published: { label: 'Published', color: 'teal' },
};

export function MarkStatusBadge({ status }: { status: MarkStatus }) {
  const look = LOOK[status];
  // A light tint with black text: Mantine's filled and light colours fall below WCAG AA.
  return (
    // Never cut short ('NOT …' at 375 px): the table scrolls sideways instead.
    <Badge color={look.color} variant="light" c="black" style={{ minWidth: 'max-content' }}>
      {look.label}
    </Badge>
  );
}
