import { Stack } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import classes from '../uploads.module.css';
import { text } from '../text.ts';

/** A collapsible files area of an entry (spec 2): its title, how many files, and an optional hint. */
export function FileArea(props: {
  title: string;
  hint?: string;
  count: number;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(props.defaultOpen);
  const id = useId();
  return (
    <section className={classes.area}>
      <h4 style={{ margin: 0 }}>
        <button
          type="button"
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <svg
            className={classes.chevron}
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
          >
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          <span className={classes.toggleText}>
            <span style={{ fontWeight: 700 }}>
              {text('areaTitle', { title: props.title, count: props.count })}
            </span>
            {props.hint && <span className={classes.toggleHint}>{props.hint}</span>}
          </span>
        </button>
      </h4>
      <div id={id} hidden={!open}>
        {open && (
          <Stack gap="sm" pb="xs">
            {props.children}
          </Stack>
        )}
      </div>
    </section>
  );
}
