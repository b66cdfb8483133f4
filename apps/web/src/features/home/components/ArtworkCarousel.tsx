import { UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { EventContent } from '@eisteddfod/shared';
import { useEffect, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { artworkSrc } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import classes from './ArtworkCarousel.module.css';

type Artwork = EventContent['artworks'][number];

export const AUTO_ADVANCE_MS = 7000;
const SWIPE_PX = 40;

interface ArtworkCarouselProps {
  artworks: Artwork[];
  /** The id of the heading that names the carousel. */
  labelledBy: string;
  /** Turn automatic advancing on (it never runs for people who ask for reduced motion). */
  autoAdvance?: boolean;
}

/**
 * The home page's artworks, one at a time (WAI-ARIA APG carousel pattern): previous and next
 * buttons, a button per slide, arrow keys, Home and End, swipes; automatic advancing stops on
 * hover or focus, has its own pause button and is off when reduced motion is asked for.
 */
export function ArtworkCarousel({
  artworks,
  labelledBy,
  autoAdvance = true,
}: ArtworkCarouselProps) {
  const count = artworks.length;
  const [current, setCurrent] = useState(0);
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touchX, setTouchX] = useState<number | null>(null);
  // Every image is lazy until the first one has loaded (the carousel is near the viewport):
  // then the others load too, so that Next never shows an empty frame.
  const [nearby, setNearby] = useState(false);

  const canAutoAdvance = autoAdvance && !reducedMotion && count > 1;
  const rotating = canAutoAdvance && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const show = (index: number) => setCurrent(((index % count) + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  }

  function onTouchEnd(event: TouchEvent) {
    const endX = event.changedTouches[0]?.clientX;
    if (touchX === null || endX === undefined) return;
    const dx = endX - touchX;
    if (Math.abs(dx) >= SWIPE_PX) show(dx < 0 ? current + 1 : current - 1);
    setTouchX(null);
  }

  if (count === 0) return null;
  const artwork = artworks[current];

  return (
    <section
      className={classes.carousel}
      aria-roledescription={text('carousel')}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className={classes.viewport}
        onTouchStart={(event) => setTouchX(event.touches[0]?.clientX ?? null)}
        onTouchEnd={onTouchEnd}
      >
        <div
          className={classes.track}
          data-reduced-motion={reducedMotion || undefined}
          style={{ transform: `translateX(-${current * 100}%)` }}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {artworks.map((item, index) => (
            <div
              key={`${index}:${item.image}`}
              className={classes.slide}
              role="group"
              aria-roledescription={text('slide')}
              aria-label={text('slideLabel', { number: index + 1, count, title: item.title })}
              aria-hidden={index !== current}
              inert={index !== current}
            >
              <img
                src={artworkSrc(item.image)}
                alt={item.alt}
                width={960}
                height={600}
                loading={nearby ? 'eager' : 'lazy'}
                onLoad={index === current ? () => setNearby(true) : undefined}
                decoding="async"
                className={classes.image}
              />
            </div>
          ))}
        </div>
      </div>

      <div className={classes.bar}>
        <p className={classes.caption}>
          <span className={classes.captionTitle}>{artwork?.title}</span>
          <span className={classes.captionArtist}>{artwork?.artist}</span>
        </p>
        <div className={classes.controls}>
          {canAutoAdvance && (
            <UnstyledButton
              className={classes.control}
              onClick={() => setPaused((p) => !p)}
              aria-label={text(paused ? 'startShow' : 'pauseShow')}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </UnstyledButton>
          )}
          <UnstyledButton
            className={classes.control}
            onClick={() => show(current - 1)}
            aria-label={text('previousArtwork')}
          >
            <ChevronIcon direction="left" />
          </UnstyledButton>
          <div className={classes.dots}>
            {artworks.map((item, index) => (
              <UnstyledButton
                key={`${index}:${item.image}`}
                className={classes.dot}
                onClick={() => show(index)}
                aria-label={text('showArtwork', { number: index + 1, title: item.title })}
                aria-current={index === current ? 'true' : undefined}
              />
            ))}
          </div>
          <UnstyledButton
            className={classes.control}
            onClick={() => show(current + 1)}
            aria-label={text('nextArtwork')}
          >
            <ChevronIcon direction="right" />
          </UnstyledButton>
        </div>
      </div>
    </section>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M8 5l11 7-11 7z" fill="currentColor" />
    </svg>
  );
}
