import { inflateSync } from 'node:zlib';

/**
 * The text shown by a PDF made with pdf-lib's standard fonts: each content stream is inflated
 * when compressed and its hex strings (`<…> Tj`) decoded as WinAnsi. Enough to check that a
 * document says what it should; not a general PDF reader.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const latin = raw.toString('latin1');
  const out: string[] = [];
  const streamStart = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(latin))) {
    const begin = match.index + match[0].length;
    const end = latin.indexOf('endstream', begin);
    if (end < 0) break;
    streamStart.lastIndex = end + 'endstream'.length;
    const dict = latin.slice(Math.max(0, match.index - 300), match.index);
    let data = raw.subarray(begin, end);
    if (
      dict.lastIndexOf('/FlateDecode') > dict.lastIndexOf('<<') - 1 &&
      dict.includes('/FlateDecode')
    ) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    }
    for (const hex of data.toString('latin1').matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      out.push(Buffer.from((hex[1] ?? '').replace(/\s/g, ''), 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}
