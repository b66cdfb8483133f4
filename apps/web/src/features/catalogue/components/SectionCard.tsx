import { UnstyledButton } from '@mantine/core';
import type { Section } from '@eisteddfod/shared';
import { useId, type CSSProperties } from 'react';
import { SectionIcon } from './SectionIcon.tsx';
import classes from './SectionCard.module.css';

const COLORS: Record<Section, [string, string]> = {
  'Dramatic Arts': ['var(--mantine-color-grape-8)', 'var(--mantine-color-pink-9)'],
  Music: ['var(--mantine-color-indigo-8)', 'var(--mantine-color-blue-9)'],
  'Visual Arts & Design': ['var(--mantine-color-teal-8)', 'var(--mantine-color-green-9)'],
  Dance: ['var(--mantine-color-orange-8)', 'var(--mantine-color-red-9)'],
};

/** A section to choose on the sections screen, with its illustration and its categories. */
export function SectionCard(props: { section: Section; detail: string; onChoose: () => void }) {
  const nameId = useId();
  const detailId = useId();
  const [color, color2] = COLORS[props.section];
  const style = { '--section-color': color, '--section-color-2': color2 } as CSSProperties;
  return (
    <UnstyledButton
      className={classes.card}
      style={style}
      aria-labelledby={nameId}
      aria-describedby={props.detail ? detailId : undefined}
      onClick={props.onChoose}
    >
      <span className={classes.art}>
        <SectionIcon section={props.section} />
      </span>
      <span>
        <span className={classes.name} id={nameId}>
          {props.section}
        </span>
        {props.detail && (
          <span className={classes.detail} id={detailId}>
            {props.detail}
          </span>
        )}
      </span>
    </UnstyledButton>
  );
}
