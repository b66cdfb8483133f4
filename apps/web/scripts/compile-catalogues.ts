import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * A message catalogue is a JSON file `messages/<locale>.json` of ICU messages by key (decision
 * 057). This plugin compiles each message when the file is imported, the way `lingui compile`
 * does, so the browser gets Lingui's compiled form and no message parser (7 KB gzip); a message
 * that is not valid ICU fails the build, not a family's screen.
 *
 * `pseudo` compiles every message into a pseudo-locale instead: each piece of text is accented
 * and bracketed (⟦Ćóñţáçţ úš⟧), so a screen rendered in it shows at a glance, and to a test, any
 * text that does not come from a catalogue.
 */
export function compileCatalogues({ pseudo = false }: { pseudo?: boolean } = {}): Plugin {
  return {
    name: 'compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (/\.tsx?$/.test(id) && code.search(LANGUAGE_FILE) >= 0) {
        return { code: code.replace(LANGUAGE_FILE, otherLanguages), map: null };
      }
      if (!CATALOGUE_FILE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message, pseudo ? pseudoText : undefined)];
          } catch (error) {
            throw new Error(`${id}: message "${key}" is not valid ICU: ${String(error)}`);
          }
        }),
      );
      // Still JSON: Vite's own JSON plugin makes it a module after this one.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

const CATALOGUE_FILE = /\/messages\/[a-z]{2}(-[A-Z]{2})?\.json$/;

/** A catalogue's other languages, as its module imports them: `import(`./messages/${locale}.json`)`. */
const LANGUAGE_FILE = /import\(`(\.{1,2}\/[\w./-]*\/)\$\{(\w+)\}\.json`\)/g;

/**
 * The same import of every file but English's (decision 069). Vite's own expansion of the
 * pattern takes en.json too, and a JSON module imported both ways is drawn twice, once as its
 * namespace of named exports: every key's name again in the chunk, 2.3 KB gzip on the home page.
 */
const otherLanguages = (_: string, dir: string, locale: string) =>
  // No file for a language: undefined, which the catalogue reads as no words (English stays).
  `import.meta.glob(['${dir}*.json', '!${dir}en.json'])[\`${dir}\${${locale}}.json\`]?.()`;

/** Rich-text tags (<0>…</0>, <1/>) name components and stay as they are. */
const TAG = /(<\/?\d+\/?>)/;

// Each letter of the first line becomes the one below it.
const PLAIN = 'abcdeghiklnorstuwyzACEINOSUY';
const ACCENT = 'áƀçďéĝĥíķĺñóŕšţúŵýžÁÇÉÍÑÓŠÚÝ';

/** One piece of a message's text in the pseudo-locale. */
export function pseudoText(text: string): string {
  return text
    .split(TAG)
    .map((part) =>
      TAG.test(part) || !/[A-Za-z]/.test(part)
        ? part
        : `⟦${part.replace(/[A-Za-z]/g, (letter) => ACCENT[PLAIN.indexOf(letter)] ?? letter)}⟧`,
    )
    .join('');
}
