import type { Section } from '@eisteddfod/shared';

const line = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** An illustration of each section, drawn inline; decorative (the card names the section). */
export function SectionIcon({ section, size = 56 }: { section: Section; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable={false}>
      {ICONS[section]}
    </svg>
  );
}

const ICONS: Record<Section, React.ReactNode> = {
  // Comedy and tragedy masks.
  'Dramatic Arts': (
    <>
      <path
        d="M6 12c7-4 17-4 24 0v14c0 10-5 17-12 19C11 43 6 36 6 26z"
        fill="currentColor"
        opacity={0.95}
      />
      <path d="M11 22c1.5-2 4.5-2 6 0M20 22c1.5-2 4.5-2 6 0" {...line} stroke="var(--icon-cut)" />
      <path d="M12 31c3 4 9 4 12 0" {...line} stroke="var(--icon-cut)" />
      <path
        d="M34 20c7-4 17-4 24 0v14c0 10-5 17-12 19-7-2-12-9-12-19z"
        fill="currentColor"
        opacity={0.75}
      />
      <path d="M39 30c1.5 2 4.5 2 6 0M48 30c1.5 2 4.5 2 6 0" {...line} stroke="var(--icon-cut)" />
      <path d="M40 44c3-4 9-4 12 0" {...line} stroke="var(--icon-cut)" />
    </>
  ),
  // Two beamed quavers.
  Music: (
    <>
      <path d="M22 46V14l30-7v31" {...line} strokeWidth={4} />
      <path d="M22 22l30-7" {...line} strokeWidth={6} />
      <ellipse cx="15" cy="46" rx="8" ry="6" fill="currentColor" transform="rotate(-20 15 46)" />
      <ellipse cx="45" cy="39" rx="8" ry="6" fill="currentColor" transform="rotate(-20 45 39)" />
    </>
  ),
  // A palette with paint and a brush.
  'Visual Arts & Design': (
    <>
      <path
        d="M31 6C16 6 5 16 5 29s11 23 24 23c4 0 6-2.5 6-5.5 0-2-1.5-3.5-1.5-5.5 0-2.6 2-4.5 4.8-4.5H44c8.5 0 14-5.5 14-12.5C58 14 46 6 31 6z"
        fill="currentColor"
      />
      <circle cx="17" cy="27" r="4" fill="var(--icon-cut)" />
      <circle cx="23" cy="16" r="4" fill="var(--icon-cut)" />
      <circle cx="35" cy="14" r="4" fill="var(--icon-cut)" />
      <circle cx="46" cy="21" r="4" fill="var(--icon-cut)" />
      <path d="M60 34L42 56" {...line} strokeWidth={4} />
      <path d="M42 56l-5 3 2-6z" fill="currentColor" />
    </>
  ),
  // A dancer mid-leap.
  Dance: (
    <>
      <circle cx="36" cy="9" r="5.5" fill="currentColor" />
      <path d="M34 18L28 36 14 50" {...line} strokeWidth={4.5} />
      <path d="M28 36l16 4 10 12" {...line} strokeWidth={4.5} />
      <path d="M33 21L18 16 10 22M33 21l14-6 8-9" {...line} strokeWidth={4} />
      <path d="M24 40c-6 2-12 8-14 14 8-2 14-4 20-10" fill="currentColor" opacity={0.55} />
    </>
  ),
};
