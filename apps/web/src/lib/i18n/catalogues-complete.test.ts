import { LOCALES } from '@eisteddfod/shared';
import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every catalogue in every language (decision 069): the web's, the shared and the server's.
 * A language's file has exactly the English file's keys, each message with the same
 * placeholders and rich-text tags, and every English key is used somewhere in the code.
 */
const ROOT = join(import.meta.dirname, '../../../../..');
const SOURCES = ['apps/web/src', 'apps/api/src', 'packages/shared/src'];

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
const englishFiles = SOURCES.flatMap((dir) =>
  filesUnder(join(ROOT, dir), (path) => path.endsWith('/messages/en.json')),
);
const name = (path: string) => relative(ROOT, path);

/** The placeholders ({name}, {count, plural…}) and tags (<0>…</0>, <1/>) of a message. */
function shapeOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`{${token.arg}, ${token.type}}`);
        for (const c of token.cases) walk(c.tokens);
      }
      if (token.type === 'content')
        for (const tag of token.value.match(/<\/?\d+\/?>/g) ?? []) found.add(tag);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('every catalogue in every language (decision 069)', () => {
  const others = LOCALES.filter((locale) => locale !== 'en');

  it.each(others)('%s has every English key and no other', (locale) => {
    const wrong = englishFiles.flatMap((en) => {
      const file = en.replace(/en\.json$/, `${locale}.json`);
      let messages: Record<string, string>;
      try {
        messages = read(file);
      } catch {
        return [`${name(file)}: no file`];
      }
      const english = read(en);
      return [
        ...Object.keys(english)
          .filter((key) => !Object.hasOwn(messages, key))
          .map((key) => `${name(file)}: missing "${key}"`),
        ...Object.keys(messages)
          .filter((key) => !Object.hasOwn(english, key))
          .map((key) => `${name(file)}: "${key}" is not an English key`),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it.each(others)('%s says each message with the English placeholders and tags', (locale) => {
    const wrong = englishFiles.flatMap((en) => {
      const file = en.replace(/en\.json$/, `${locale}.json`);
      let messages: Record<string, string>;
      try {
        messages = read(file);
      } catch {
        return []; // Listed by the test above.
      }
      return Object.entries(read(en)).flatMap(([key, english]) => {
        const translated = messages[key];
        if (translated === undefined) return [];
        const [want, got] = [shapeOf(english), shapeOf(translated)];
        return want.join() === got.join()
          ? []
          : [
              `${name(file)} "${key}": ${got.join(' ') || 'none'}, English has ${want.join(' ') || 'none'}`,
            ];
      });
    });
    expect(wrong).toEqual([]);
  });

  it('uses every English key somewhere in the code', () => {
    const code = SOURCES.flatMap((dir) =>
      filesUnder(join(ROOT, dir), (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)),
    )
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    // A key built in a template (`status.${order.status}`) is used by its prefix.
    const prefixes = [...code.matchAll(/`([\w.-]+[.-])\$\{/g)].map((m) => m[1]!);
    const used = (key: string) =>
      ["'", '"', '`'].some((quote) => code.includes(`${quote}${key}${quote}`)) ||
      prefixes.some((prefix) => key.startsWith(prefix));
    const unused = englishFiles
      // This test's own catalogue (lib/i18n/messages) is the catalogue tests' fixture.
      .filter((en) => !name(en).startsWith('apps/web/src/lib/i18n/'))
      .flatMap((en) =>
        Object.keys(read(en))
          .filter((key) => !used(key))
          .map((key) => `${name(en)}: "${key}"`),
      );
    expect(unused).toEqual([]);
  });
});
