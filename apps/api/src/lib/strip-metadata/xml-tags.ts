// Office parts are edited as text, tag by tag, by a scanner that only reads forward: a hostile part
// (tags never closed) costs time linear in its length, where a regular expression would not.
import { UnreadableFileError } from './errors.ts';

interface XmlTag {
  /** Where its '<' is. */
  start: number;
  /** Just after its '>'. */
  end: number;
  /** As written, with its prefix. */
  name: string;
  local: string;
  closing: boolean;
  /** <name … /> */
  empty: boolean;
}

interface XmlAttribute {
  name: string;
  local: string;
  value: string;
  /** Where the quoted value is, quotes included. */
  start: number;
  end: number;
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);
export const isNamespace = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

/**
 * The next element tag from `from`, past comments, CDATA sections, processing instructions and
 * declarations; undefined when no complete tag is left. It ends at the first '>' outside quotes.
 * Each call starts where the last tag ended and only reads forward, so going through a part tag by
 * tag is linear in its length, whatever it holds (a regular expression looking for a closing tag
 * after each opening one is quadratic when there is none).
 */
function nextTag(xml: string, from: number): XmlTag | undefined {
  for (let start = xml.indexOf('<', from); start !== -1;) {
    const second = xml[start + 1];
    if (second === '!' || second === '?') {
      const close = xml.startsWith('<!--', start)
        ? '-->'
        : xml.startsWith('<![CDATA[', start)
          ? ']]>'
          : second === '?'
            ? '?>'
            : '>';
      const end = xml.indexOf(close, start + 2);
      if (end === -1) return undefined;
      start = xml.indexOf('<', end + close.length);
      continue;
    }
    const closing = second === '/';
    const nameStart = start + (closing ? 2 : 1);
    let at = nameStart;
    for (; at < xml.length; at++) {
      const code = xml.charCodeAt(at);
      if (isSpace(code) || code === 0x2f || code === 0x3e) break;
    }
    const name = xml.slice(nameStart, at);
    for (let quote = 0; at < xml.length; at++) {
      const code = xml.charCodeAt(at);
      if (quote) {
        if (code === quote) quote = 0;
      } else if (code === 0x22 || code === 0x27) {
        quote = code;
      } else if (code === 0x3e) {
        break;
      }
    }
    if (at === xml.length) return undefined;
    const empty = xml.charCodeAt(at - 1) === 0x2f;
    return { start, end: at + 1, name, local: localName(name), closing, empty };
  }
  return undefined;
}

function attributesOf(xml: string, tag: XmlTag): XmlAttribute[] {
  const found: XmlAttribute[] = [];
  const last = tag.end - 1;
  let at = tag.start + 1 + tag.name.length;
  while (at < last) {
    while (at < last && isSpace(xml.charCodeAt(at))) at++;
    const nameStart = at;
    while (at < last && !isSpace(xml.charCodeAt(at)) && xml[at] !== '=' && xml[at] !== '/') at++;
    const name = xml.slice(nameStart, at);
    while (at < last && isSpace(xml.charCodeAt(at))) at++;
    if (!name || xml[at] !== '=') {
      at++;
      continue;
    }
    at++;
    while (at < last && isSpace(xml.charCodeAt(at))) at++;
    const quote = xml[at];
    if (quote !== '"' && quote !== "'") break;
    const close = xml.indexOf(quote, at + 1);
    if (close === -1 || close >= last) break;
    found.push({
      name,
      local: localName(name),
      value: xml.slice(at + 1, close),
      start: at,
      end: close + 1,
    });
    at = close + 1;
  }
  return found;
}

export const attribute = (xml: string, tag: XmlTag, name: string) =>
  attributesOf(xml, tag).find((candidate) => candidate.name === name)?.value;

/** The attributes of each element with this local name. */
export function elementsNamed(xml: string, local: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (let tag = nextTag(xml, 0); tag; tag = nextTag(xml, tag.end)) {
    if (!tag.closing && tag.local === local)
      found.push(new Map(attributesOf(xml, tag).map(({ name, value }) => [name, value])));
  }
  return found;
}

/** The part without the elements `drop` picks, content and all. Throws for one never closed. */
export function withoutElements(xml: string, drop: (tag: XmlTag) => boolean): string {
  const kept: string[] = [];
  let keptFrom = 0;
  let tag = nextTag(xml, 0);
  while (tag) {
    if (tag.closing || !drop(tag)) {
      tag = nextTag(xml, tag.end);
      continue;
    }
    let end = tag.end;
    if (!tag.empty) {
      // Its end tag, counting elements of the same name inside it.
      let depth = 1;
      let inner = nextTag(xml, tag.end);
      for (; inner; inner = nextTag(xml, inner.end)) {
        if (inner.name !== tag.name || inner.empty) continue;
        depth += inner.closing ? -1 : 1;
        if (depth === 0) break;
      }
      if (!inner) throw new UnreadableFileError(`<${tag.name}> is never closed`);
      end = inner.end;
    }
    kept.push(xml.slice(keptFrom, tag.start));
    keptFrom = end;
    tag = nextTag(xml, end);
  }
  if (keptFrom === 0) return xml;
  kept.push(xml.slice(keptFrom));
  return kept.join('');
}

/** The part with the attribute values `change` gives replaced, in double quotes. */
export function withAttributes(
  xml: string,
  change: (tag: XmlTag, attribute: XmlAttribute, all: XmlAttribute[]) => string | undefined,
): string {
  const kept: string[] = [];
  let keptFrom = 0;
  for (let tag = nextTag(xml, 0); tag; tag = nextTag(xml, tag.end)) {
    if (tag.closing) continue;
    const attributes = attributesOf(xml, tag);
    for (const found of attributes) {
      const value = change(tag, found, attributes);
      if (value === undefined) continue;
      kept.push(xml.slice(keptFrom, found.start), `"${value}"`);
      keptFrom = found.end;
    }
  }
  if (keptFrom === 0) return xml;
  kept.push(xml.slice(keptFrom));
  return kept.join('');
}
