import { LOCALES } from '@eisteddfod/shared';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
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
  // Lingui's compiled form: a list of text and [name] or [name, 'plural', { case: list }].
  const walk = (parts: unknown): void => {
    // A plural's compiled cases hold its offset too (undefined, or a number): not text.
    if (typeof parts !== 'string' && !Array.isArray(parts)) return;
    for (const part of typeof parts === 'string' ? [parts] : (parts as unknown[])) {
      if (typeof part === 'string') {
        for (const tag of part.match(/<\/?\d+\/?>/g) ?? []) found.add(tag);
        continue;
      }
      const [name, type, cases] = part as [string, string?, Record<string, unknown>?];
      if (name !== '#') found.add(type ? `{${name}, ${type}}` : `{${name}}`);
      for (const tokens of Object.values(cases ?? {})) walk(tokens);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

it('reads a message’s placeholders and tags', () => {
  expect(
    shapeOf('Hi {name}, <0>see</0> {count, plural, one {# entry} other {# of {total}}}'),
  ).toEqual(['</0>', '<0>', '{count, plural}', '{name}', '{total}']);
  expect(shapeOf('Hello')).toEqual([]);
});

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
