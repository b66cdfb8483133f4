import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_SITE } from '../../../test/public-site-fixture.ts';
import { withMantine } from '../../../test/render.tsx';
import { ArtworkCarousel, AUTO_ADVANCE_MS } from './ArtworkCarousel.tsx';

const artworks = PUBLIC_SITE.content.artworks;

function renderCarousel(autoAdvance = false) {
  return withMantine(
    <>
      <h2 id="gallery">Gallery</h2>
      <ArtworkCarousel artworks={artworks} labelledBy="gallery" autoAdvance={autoAdvance} />
    </>,
  );
}

/** The slide screen readers can reach: the others are aria-hidden and inert. */
const shownSlide = () => screen.getByRole('group');

describe('ArtworkCarousel (spec 2, home page carousel)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a labelled carousel showing the first artwork, its title and artist', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Gallery' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toHaveAccessibleName('1 of 3: Jacaranda Season');
    expect(screen.getByRole('img', { name: 'A purple tree' })).toHaveAttribute('width', '960');
    expect(screen.getByText('Lerato M., Grade 9')).toBeInTheDocument();
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('moves with Next and Previous, wrapping round at both ends', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Next artwork' }));
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
    expect(screen.getByText('Ethan K., Grade 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next artwork' }));
    await user.click(screen.getByRole('button', { name: 'Next artwork' }));
    expect(shownSlide()).toHaveAccessibleName('1 of 3: Jacaranda Season');
    await user.click(screen.getByRole('button', { name: 'Previous artwork' }));
    expect(shownSlide()).toHaveAccessibleName('3 of 3: Leap');
  });

  it('jumps to an artwork with its dot, which is marked as the current one', async () => {
    const user = userEvent.setup();
    renderCarousel();
    const third = screen.getByRole('button', { name: 'Show artwork 3: Leap' });
    await user.click(third);
    expect(shownSlide()).toHaveAccessibleName('3 of 3: Leap');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(
      screen.getByRole('button', { name: 'Show artwork 1: Jacaranda Season' }),
    ).not.toHaveAttribute('aria-current');
  });

  it('answers the arrow keys, Home and End while focus is inside it', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.tab(); // Previous
    expect(screen.getByRole('button', { name: 'Previous artwork' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownSlide()).toHaveAccessibleName('3 of 3: Leap');
    await user.keyboard('{Home}');
    expect(shownSlide()).toHaveAccessibleName('1 of 3: Jacaranda Season');
    await user.keyboard('{End}');
    expect(shownSlide()).toHaveAccessibleName('3 of 3: Leap');
    // Enter on the focused button works like a click.
    await user.keyboard('{Enter}');
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
  });

  it('swipes on touch screens', () => {
    renderCarousel();
    const image = screen.getByRole('img', { name: 'A purple tree' });
    fireEvent.touchStart(image, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(image, { changedTouches: [{ clientX: 120 }] });
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
  });

  it('advances on its own, can be paused, and pauses while the pointer is over it', () => {
    vi.useFakeTimers();
    renderCarousel(true);
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');

    const carousel = screen.getByRole('region', { name: 'Gallery' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2));
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
    fireEvent.mouseLeave(carousel);

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slide show' }));
    // Clicking moved focus into the carousel; leaving it must not restart a paused show.
    fireEvent.blur(screen.getByRole('button', { name: 'Start the slide show' }));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2));
    expect(shownSlide()).toHaveAccessibleName('2 of 3: City of Gold');
    fireEvent.click(screen.getByRole('button', { name: 'Start the slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause the slide show' }));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(shownSlide()).toHaveAccessibleName('3 of 3: Leap');
  });

  it('never advances on its own when reduced motion is asked for', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    vi.useFakeTimers();
    renderCarousel(true);
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3));
    expect(shownSlide()).toHaveAccessibleName('1 of 3: Jacaranda Season');
    expect(screen.queryByRole('button', { name: /slide show/ })).toBeNull();
  });
});
