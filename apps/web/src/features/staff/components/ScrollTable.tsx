import type { ReactNode } from 'react';
import classes from './ScrollTable.module.css';

/**
 * A wide table that scrolls sideways on a phone. The scrolling box is a named, focusable region
 * so that keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable),
 * which Mantine's Table.ScrollContainer is not.
 */
export function ScrollTable(props: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={props.label} tabIndex={0} className={classes.scroll}>
      <div style={{ minWidth: props.minWidth }}>{props.children}</div>
    </div>
  );
}
