import { inflateSync } from 'node:zlib';

/**
 * The words a pdf-lib PDF shows: each content stream, inflated when it is compressed, with its
 * hex strings (`<…> Tj`) and literal strings (`(…) Tj`) decoded. Enough to check that a document
 * names what it should; not a general PDF reader.
 */
export function pdfText(bytes: Buffer): string {
  const latin = bytes.toString('latin1');
  const out: string[] = [];
  const start = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = start.exec(latin))) {
    const begin = match.index + match[0].length;
    const end = latin.indexOf('endstream', begin);
    if (end < 0) break;
    start.lastIndex = end;
    let data = bytes.subarray(begin, end);
    try {
      data = inflateSync(data);
    } catch {
      // Not compressed (or not a content stream): read it as it is.
    }
    const text = data.toString('latin1');
    for (const [, hex = ''] of text.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g)) {
      out.push(Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1'));
    }
    for (const [, literal = ''] of text.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      out.push(literal.replace(/\\(.)/g, '$1'));
    }
  }
  return out.join('\n');
}
