import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, calendarDateIn } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../lib/paths.ts';
import { readDemoCatalogue } from './demo-catalogue.ts';

describe('the demo catalogue files', () => {
  const catalogue = readDemoCatalogue({ exactDates: true });

  it('has at least 150 items across the four sections, 6 to 10 categories each', () => {
    expect(catalogue.items.length).toBeGreaterThanOrEqual(150);
    for (const section of ['Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance']) {
      const n = catalogue.categories.filter((c) => c.section === section).length;
      expect(n, section).toBeGreaterThanOrEqual(6);
      expect(n, section).toBeLessThanOrEqual(10);
    }
  });

  it('has individual, duo and group items, instrument items, and long descriptions', () => {
    const kinds = new Set(catalogue.items.map((i) => i.kind));
    expect(kinds).toEqual(new Set(['individual', 'duo', 'group']));
    expect(catalogue.items.some((i) => i.requiresInstrument && i.section === 'Music')).toBe(true);
    expect(catalogue.items.filter((i) => i.description.length > 120).length).toBeGreaterThan(10);
    expect(catalogue.items.some((i) => i.kind === 'group' && i.maxParticipants >= 10)).toBe(true);
  });

  it('prices by the spec: R160 individual, R250 group; visual arts due earlier', () => {
    for (const item of catalogue.items) {
      expect(item.priceCents).toBe(item.kind === 'individual' ? 16000 : 25000);
      expect(item.dueDate).toBe(
        item.section === 'Visual Arts & Design' ? '2025-04-21' : '2025-04-24',
      );
    }
  });

  it('lists about 115 schools starting with Other School', () => {
    expect(catalogue.schools[0]).toBe('Other School');
    expect(catalogue.schools.length).toBeGreaterThanOrEqual(110);
    expect(new Set(catalogue.schools).size).toBe(catalogue.schools.length);
  });

  it('keeps the exact 2025 dates of spec 9 when asked', () => {
    expect(catalogue.event.dates).toMatchObject({
      registrationOpens: '2025-03-24',
      registrationCloses: '2025-04-20',
      uploadsOpen: '2025-04-14',
      submissionStarts: '2025-04-21',
      submissionEnds: '2025-04-25',
      visualArtsDue: '2025-04-21',
      galaAwards: '2025-06-18',
    });
  });
});

describe('shifted demo dates', () => {
  it('open registration a week before today and keep the gaps between dates', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const shifted = readDemoCatalogue({ now });
    const today = calendarDateIn(now, 'Africa/Johannesburg');
    expect(shifted.event.dates.registrationOpens).toBe(addDays(today, -7));
    expect(shifted.event.dates.registrationCloses).toBe(addDays(today, -7 + 27));
    expect(shifted.event.dates.galaAwards).toBe(addDays(today, -7 + 86));
    const earliestDue = shifted.items.map((i) => i.dueDate).sort()[0]!;
    expect(earliestDue > today).toBe(true);
  });

  it("take the year of the shifted submission period into the event's year, name and title", () => {
    // Registration opens 15 November 2026; entries are submitted from 13 December 2026.
    const shifted = readDemoCatalogue({ now: new Date('2026-11-22T08:00:00Z') });
    expect(shifted.event.dates.submissionStarts).toBe('2026-12-13');
    expect(shifted.event.year).toBe(2026);
    expect(shifted.event.name).toBe('Online Eisteddfod 2026');
    expect(shifted.content.title).toBe('Online Eisteddfod 2026');
    // SEED_EXACT_DATES keeps the spec's own year (decision 001).
    const exact = readDemoCatalogue({ exactDates: true });
    expect([exact.event.year, exact.event.name, exact.content.title]).toEqual([
      2025,
      'Online Eisteddfod 2025',
      'Online Eisteddfod 2025',
    ]);
  });
});

describe('a catalogue folder with a field no schema declares', () => {
  /** A copy of the demo folder with one file changed. */
  function withChanged(file: string, change: (text: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-'));
    cpSync(path.join(apiRoot(), 'data', 'demo'), dir, { recursive: true });
    writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));
    return dir;
  }

  // zod drops undeclared keys without a word: a misspelt field would vanish from the site.
  it.each([
    [
      'content.json',
      (t: string) => t.replace('"question":', '"questoin": "", "question":'),
      'content.json: $.faq[0].questoin is not a field the portal knows',
    ],
    [
      'event.json',
      (t: string) => t.replace('"lateEntryFrom"', '"lateEntryForm": null, "lateEntryFrom"'),
      'event.json: $.dates.lateEntryForm is not a field the portal knows',
    ],
    [
      'categories.csv',
      (t: string) =>
        t
          .trimEnd()
          .split('\n')
          .map((line, i) => (i === 0 ? `${line},notes` : `${line},`))
          .join('\n'),
      'categories.csv row 2: $.notes is not a field the portal knows',
    ],
  ])('refuses %s', (file, change, message) => {
    const dir = withChanged(file, change);
    try {
      expect(() => readDemoCatalogue({ exactDates: true, dir })).toThrow(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
