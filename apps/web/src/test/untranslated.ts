/**
 * The text walker of the pseudo-locale probe (app/family-screens.pseudo.test.tsx, decision 057). In
 * the web-pseudo test project every catalogue message is accented and wrapped in ⟦…⟧, so what a
 * person reads on a screen is one of three things:
 *
 *   - catalogue text: inside ⟦…⟧;
 *   - data: words the API served (a contestant's name, an item's title), and dates and amounts
 *     formatted from it;
 *   - untranslated text: anything else with letters in it. That is what this file finds.
 */

/** A text a person reads, and whether the app's frame (header, footer) or the screen shows it. */
export interface ReadText {
  text: string;
  /** Where it was read: the attribute ('aria-label'), 'value' of an input, 'document.title'. */
  from?: string;
  /** 'layout': the header, footer and skip link around every screen; 'screen': the rest. */
  part: 'layout' | 'screen';
}

const LETTER = /\p{L}/u;
/** A message from a catalogue, as the pseudo-locale shows it. */
const PSEUDO = /⟦[^⟧]*⟧/gu;

/** Attributes people read (or hear): their text is checked like the text on screen. */
const READ_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/** Inputs whose value is text on screen (a Select shows its chosen option's label in one). */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'button', 'submit']);

/**
 * Words formatted from data rather than written: month and weekday names (from the dates the
 * API served, in any format the app uses), the word Intl joins a date and a time with ('at'),
 * and the currency of amounts ('R 160.00', 'ZAR').
 */
const FORMATTING_WORDS = [
  ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2025, month, 15))).flatMap(
    (date) => [
      date.toLocaleString('en-ZA', { month: 'long' }),
      date.toLocaleString('en-ZA', { month: 'short' }),
    ],
  ),
  ...Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2025, 0, 5 + day))).flatMap((date) => [
    date.toLocaleString('en-ZA', { weekday: 'long' }),
    date.toLocaleString('en-ZA', { weekday: 'short' }),
  ]),
  // The words Intl puts between a date and its time ('18 June 2025 at 18:00'), in the
  // formatting locale of every screen (lib/i18n/catalogue.ts's formattingLocale).
  ...new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' })
    .formatToParts(new Date(Date.UTC(2025, 5, 18, 16)))
    .filter((part) => part.type === 'literal' && LETTER.test(part.value))
    .map((part) => part.value.trim()),
  'R',
  'ZAR',
];

/**
 * Every string value in the JSON bodies the fake API served (keys are not shown, so not data),
 * and the initials of every person in them (an avatar shows 'AD' for Ayanda Dlamini).
 */
export function servedStrings(bodies: unknown[]): string[] {
  const strings = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const { firstName, surname } = value as { firstName?: unknown; surname?: unknown };
      if (typeof firstName === 'string' && typeof surname === 'string') {
        strings.add(`${firstName.charAt(0)}${surname.charAt(0)}`);
      }
      Object.values(value).forEach(walk);
    }
  };
  bodies.forEach(walk);
  return [...strings].filter((s) => LETTER.test(s));
}

/** `word` as a whole word (not part of a longer one) in a regular expression. */
const wholeWord = (word: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'gu',
  );

/**
 * The test of whether a text is data: it is made only of served strings, formatting words,
 * digits and punctuation ('Ayanda Dlamini', '18 April 2025, 11:30', 'R 320.00'). A text found
 * inside a served string is not enough: on these screens that only ever excused words of the
 * app's own ('of', 'by', 'Other', the header's 'Online Eisteddfod' inside the event's name).
 */
function dataTest(served: string[]): (text: string) => boolean {
  // Longest first, so that 'Piano Solo' goes before 'Piano' would leave 'Solo' behind.
  const parts = [...served, ...FORMATTING_WORDS].sort((a, b) => b.length - a.length).map(wholeWord);
  return (text) => {
    const rest = parts.reduce((left, part) => left.replace(part, ' '), text);
    return !LETTER.test(rest);
  };
}

/**
 * Hidden from everyone: not drawn and not read out. jsdom applies no style sheets, so only the
 * `hidden` attribute, aria-hidden and inline display/visibility count; Mantine keeps closed
 * menus and modals out of the document, so that is enough.
 */
function isHidden(element: Element | null): boolean {
  for (let e = element; e; e = e.parentElement) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(e.tagName)) return true;
    if (e.hasAttribute('hidden') || e.getAttribute('aria-hidden') === 'true') return true;
    const style = (e as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (style?.display === 'none' || style?.visibility === 'hidden') return true;
  }
  return false;
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Every text a person reads in the document: its visible text nodes, the attributes above, the
 * value of text inputs and the document's title (the browser tab). `layout` is the app's frame:
 * inside it but outside `main`, a text belongs to the layout; anything else (the screen, and
 * the modals and menus Mantine draws at the end of the body) to the screen. An attribute text
 * is marked with its attribute: 'aria-label: Open menu'.
 */
export function readTexts(layout: Element, main: Element | null): ReadText[] {
  const found: ReadText[] = [];
  const add = (text: string, node: Node, from?: string) => {
    const tidied = tidy(text);
    if (tidied === '') return;
    const inLayout = layout.contains(node) && !(main?.contains(node) ?? false);
    found.push({ text: tidied, ...(from ? { from } : {}), part: inLayout ? 'layout' : 'screen' });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!isHidden(node.parentElement)) add(node.textContent ?? '', node);
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (isHidden(element)) continue;
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) add(value, element, name);
    }
    if (
      (element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type)) ||
      element instanceof HTMLTextAreaElement
    ) {
      if (element.value) add(element.value, element, 'value');
    }
  }
  if (document.title) add(document.title, document.body, 'document.title');
  return found;
}

/**
 * The untranslated texts among `texts` of one part, once each and sorted: those with words
 * outside ⟦…⟧ that are not data. Only the parts outside ⟦…⟧ are checked: '⟦Résúĺţš óƒ ⟧Ayanda
 * Dlamini' is a catalogue message with a name put in it. An attribute's text is listed with the
 * attribute's name: 'aria-label: Open menu'.
 */
export function untranslated(
  texts: ReadText[],
  part: ReadText['part'],
  served: string[],
): string[] {
  const isData = dataTest(served);
  const shown = texts
    .filter((t) => t.part === part)
    .filter(({ text }) => {
      const outside = text.replace(PSEUDO, ' ');
      return LETTER.test(outside) && !isData(outside);
    })
    .map(({ text, from }) => (from ? `${from}: ${text}` : text));
  return [...new Set(shown)].sort();
}
