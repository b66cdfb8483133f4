import type { ReactNode } from 'react';

/** A simple line icon per competition section (spec 9, "Lists"); decorative. */
export function SectionIcon({ section }: { section: string }) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[section] ?? <circle cx="16" cy="16" r="10" />}
      </g>
    </svg>
  );
}

const ICONS: Record<string, ReactNode> = {
  // Theatre masks
  'Dramatic Arts': (
    <>
      <path d="M4 7c4-2 8-2 12 0v7c0 4-2.7 7-6 7s-6-3-6-7z" />
      <path d="M7.5 11.5h1.5M11.5 11.5H13M7.5 16c1.5 1.3 3.5 1.3 5 0" />
      <path d="M18 11c3.3-1.2 6.7-1.2 10 .5v6c0 4-2.5 6.5-5.5 6.5-2 0-3.7-1.1-4.6-2.9" />
      <path d="M21 15.5h1.5M24.5 15.5H26M21.3 20.3c1.2-1 2.8-1 4 0" />
    </>
  ),
  // Two quavers
  Music: (
    <>
      <path d="M12 24V8l14-3v16" />
      <circle cx="8.5" cy="24" r="3.5" />
      <circle cx="22.5" cy="21" r="3.5" />
      <path d="M12 12l14-3" />
    </>
  ),
  // Palette
  'Visual Arts & Design': (
    <>
      <path d="M16 4C9.4 4 4 9 4 15.5 4 22 9 27 15 27c1.7 0 2.5-1 2.5-2.2 0-1.6-1.4-2.3-1.4-3.8 0-1.4 1.1-2.5 2.6-2.5H22c3.3 0 6-2.5 6-6C28 7.8 22.6 4 16 4z" />
      <circle cx="10" cy="15" r="1.6" />
      <circle cx="13" cy="9.5" r="1.6" />
      <circle cx="19.5" cy="9" r="1.6" />
    </>
  ),
  // A dancer
  Dance: (
    <>
      <circle cx="17" cy="5.5" r="2.5" />
      <path d="M16 9l-2 8 5 3 1 8M14 17l-5 7M16 9l6 3 5-3M16 9l-6-1-4 3" />
    </>
  ),
};
