// pdf-lib's PDFDocument.load, with its parser's internals replaced where a small hostile file would
// cost minutes or gigabytes: object streams decoded within budgets, stream ends found in linear
// time, cross-reference streams read for their trailer only.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants as zlibConstants, inflateRawSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { UnreadableFileError } from './errors.ts';

const TYPE = PDFName.of('Type');
const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');
const FLATE = PDFName.of('FlateDecode');

/**
 * Object streams hold a document's structure (pages, fonts, annotations, outlines), never its
 * pictures or page content: 64 MB of it decoded is millions of objects.
 */
const MAX_OBJECT_STREAM_BYTES = 64 * 1024 * 1024;
const MAX_OBJECT_STREAM_OBJECTS = 1_000_000;
/**
 * The most that each filter pdf-lib decodes, other than Flate (inflated by zlib with a limit
 * instead), can multiply its input by: LZW's 12-bit code can stand for a 3,800-byte string.
 */
const MAX_EXPANSION = new Map([
  [PDFName.of('ASCIIHexDecode'), 1],
  [PDFName.of('ASCII85Decode'), 4],
  [PDFName.of('RunLengthDecode'), 64],
  [PDFName.of('LZWDecode'), 2600],
]);
/** pdf-lib's default (ParseSpeeds.Slow): other work runs between every 100 objects parsed. */
const OBJECTS_PER_TICK = 100;
const ENDOBJ = [...'endobj'].map((char) => char.charCodeAt(0));

/** What the object streams of one file may still decode to. */
interface DecodeBudget {
  bytes: number;
  objects: number;
}

const overBudget = () =>
  new UnreadableFileError(
    `The PDF's object streams decode to more than ${MAX_OBJECT_STREAM_BYTES / 1024 / 1024} MB`,
  );

/**
 * The members of pdf-lib's PDFParser that loadPdf calls or replaces, private in its typings.
 * pdf-lib 1.17.1 is its final release, so they stay where they are; the PDF tests cover them.
 */
interface ParserInternals {
  context: PDFContext;
  bytes: { offset: () => number; moveTo: (offset: number) => void };
  findEndOfStreamFallback: () => number;
  shouldWaitForTick: () => boolean;
  parseIndirectObject: () => Promise<PDFRef>;
  parseIndirectObjectHeader: () => PDFRef;
  tryToParseInvalidIndirectObject: () => PDFRef;
  skipWhitespaceAndComments: () => void;
  matchKeyword: (keyword: number[]) => boolean;
}

type DocumentConstructor = new (
  context: PDFContext,
  ignoreEncryption: boolean,
  updateMetadata: boolean,
) => PDFDocument;

/**
 * PDFDocument.load, less what lets a small file take pdf-lib minutes or gigabytes. pdf-lib
 * inflates object streams without a limit (300 KB of Flate holds 300 MB of zeros), parses each of
 * their objects from wherever the stream says it starts (3,000 objects said to start at one 100 KB
 * array parse it 3,000 times), loops over every entry a cross-reference stream claims (five
 * million from a 1 KB file) keeping each, and looks for the end of a stream without a usable
 * /Length byte by byte (see streamEnds). Here object streams decode within MAX_OBJECT_STREAM_BYTES
 * for the whole file, each object is parsed once from its own bytes, and a cross-reference stream
 * is read for the trailer entries in its dictionary: all pdf-lib keeps of it. Every other stream
 * stays as it is in the file, never decoded.
 */
export async function loadPdf(data: Uint8Array): Promise<PDFDocument> {
  const parser = new PDFParser(data, OBJECTS_PER_TICK);
  const internals = parser as unknown as ParserInternals;
  const { context } = internals;
  const budget: DecodeBudget = {
    bytes: MAX_OBJECT_STREAM_BYTES,
    objects: MAX_OBJECT_STREAM_OBJECTS,
  };
  let refusal: UnreadableFileError | undefined;
  // pdf-lib keeps an object it cannot parse as bytes and goes on; a refusal must stop it.
  const tolerate = internals.tryToParseInvalidIndirectObject.bind(parser);
  internals.tryToParseInvalidIndirectObject = () => {
    if (refusal) throw refusal;
    return tolerate();
  };
  let streamEnd: ReturnType<typeof streamEnds> | undefined;
  internals.findEndOfStreamFallback = () => {
    streamEnd ??= streamEnds(data);
    const found = streamEnd(internals.bytes.offset());
    if (!found) throw new Error('A stream has no endstream');
    internals.bytes.moveTo(found.after);
    return found.end;
  };
  internals.parseIndirectObject = async () => {
    // As pdf-lib's own, up to what it does with a stream.
    const ref = internals.parseIndirectObjectHeader();
    internals.skipWhitespaceAndComments();
    const object = parser.parseObject();
    internals.skipWhitespaceAndComments();
    internals.matchKeyword(ENDOBJ);
    const type = object instanceof PDFRawStream ? object.dict.lookup(TYPE) : undefined;
    if (object instanceof PDFRawStream && type === PDFName.of('ObjStm')) {
      try {
        await parseObjectStream(object, budget, internals.shouldWaitForTick);
      } catch (err) {
        if (err instanceof UnreadableFileError) refusal = err;
        throw err;
      }
    } else if (object instanceof PDFRawStream && type === PDFName.of('XRef')) {
      const { dict } = object;
      context.trailerInfo = {
        Root: dict.get(PDFName.of('Root')),
        Encrypt: dict.get(PDFName.of('Encrypt')),
        Info: dict.get(PDFName.of('Info')),
        ID: dict.get(PDFName.of('ID')),
      };
    } else {
      context.assign(ref, object);
    }
    return ref;
  };
  const parsed = await parser.parseDocument();
  if (refusal) throw refusal;
  // Throws for an encrypted file, as PDFDocument.load does.
  return new (PDFDocument as unknown as DocumentConstructor)(parsed, false, false);
}

/**
 * Where a stream without a usable /Length ends, as pdf-lib's findEndOfStreamFallback finds it:
 * at the first endstream (with the line break before it) that brings the count back to zero, each
 * 'stream' on the way counting as another one opened. pdf-lib reads byte by byte from the stream
 * to there, or to the end of the file when nothing closes it, so a file of such streams costs the
 * square of its size (200 KB, 7 s). Here each keyword is found once and, for each, the first one
 * after which the count is lower; a stream's end is then a binary search and a lookup away.
 */
function streamEnds(
  data: Uint8Array,
): (start: number) => { end: number; after: number } | undefined {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  /** Where each keyword starts: a 'stream', or the 'e' of an 'endstream'. */
  const at: number[] = [];
  /** depth[k]: the streams opened less those closed before keyword k. */
  const depth: number[] = [0];
  for (
    let found = bytes.indexOf('stream');
    found !== -1;
    found = bytes.indexOf('stream', found + 6)
  ) {
    const closes = found >= 3 && bytes.toString('latin1', found - 3, found) === 'end';
    at.push(closes ? found - 3 : found);
    depth.push((depth.at(-1) ?? 0) + (closes ? -1 : 1));
  }
  /** firstBelow[k]: the first m > k with depth[m] < depth[k]; keyword m - 1 is what closes. */
  const firstBelow = new Int32Array(depth.length).fill(-1);
  const stack: number[] = [];
  for (let k = depth.length - 1; k >= 0; k--) {
    const here = depth[k] ?? 0;
    while (stack.length > 0 && (depth[stack.at(-1) ?? 0] ?? 0) >= here) stack.pop();
    firstBelow[k] = stack.at(-1) ?? -1;
    stack.push(k);
  }
  return (start) => {
    let low = 0;
    let high = at.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((at[middle] ?? 0) < start) low = middle + 1;
      else high = middle;
    }
    const below = firstBelow[low] ?? -1;
    if (below === -1) return undefined;
    const endstream = at[below - 1] ?? 0;
    // pdf-lib ends the stream before a CR LF, CR or LF that precedes endstream.
    const lineBreak =
      bytes[endstream - 1] === 0x0a
        ? bytes[endstream - 2] === 0x0d
          ? 2
          : 1
        : bytes[endstream - 1] === 0x0d
          ? 1
          : 0;
    return { end: Math.max(start, endstream - lineBreak), after: endstream + 'endstream'.length };
  };
}

/** Decodes an object stream within the budget and parses each of its objects from its own bytes. */
async function parseObjectStream(
  stream: PDFRawStream,
  budget: DecodeBudget,
  shouldWaitForTick: () => boolean,
): Promise<void> {
  const { dict } = stream;
  const first = dict.lookup(PDFName.of('First'), PDFNumber).asNumber();
  const count = dict.lookup(PDFName.of('N'), PDFNumber).asNumber();
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(count) || first < 0 || count < 0)
    throw new Error('The object stream has no valid /First and /N');
  budget.objects -= count;
  if (budget.objects < 0) throw new UnreadableFileError('The PDF has too many objects');
  const bytes = decodeWithin(stream, budget);
  // The stream starts with pairs of an object's number and its offset from First.
  const header = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(first, bytes.length));
  const text = header.toString('latin1');
  const numbers: number[] = [];
  const digits = /\d+/g;
  while (numbers.length < 2 * count) {
    const found = digits.exec(text);
    if (!found) throw new Error('The object stream lists fewer objects than it says');
    numbers.push(Number(found[0]));
  }
  const objects = Array.from({ length: count }, (_, i) => ({
    number: numbers[2 * i] ?? 0,
    offset: first + (numbers[2 * i + 1] ?? 0),
  }));
  // Each object ends where the next one starts.
  const starts = [...new Set(objects.map(({ offset }) => offset))].sort((a, b) => a - b);
  const ends = new Map(starts.map((start, i) => [start, starts[i + 1] ?? bytes.length]));
  const parsed = new Map<number, PDFObject>();
  for (const { number, offset } of objects) {
    let object = parsed.get(offset);
    if (!object) {
      const own = bytes.subarray(offset, ends.get(offset));
      object = PDFObjectParser.forBytes(own, dict.context).parseObject();
      parsed.set(offset, object);
    }
    dict.context.assign(PDFRef.of(number, 0), object);
    if (shouldWaitForTick()) await nextTurn();
  }
}

/** The stream's contents through its filters, as pdf-lib would decode them, within the budget. */
function decodeWithin(stream: PDFRawStream, budget: DecodeBudget): Uint8Array {
  const { dict } = stream;
  const filter = dict.lookup(FILTER);
  const params = dict.lookup(DECODE_PARMS);
  const filters =
    filter instanceof PDFArray
      ? filter.asArray().map((_, i) => filter.lookup(i, PDFName))
      : filter === undefined
        ? []
        : [dict.lookup(FILTER, PDFName)];
  let bytes = stream.contents;
  filters.forEach((name, i) => {
    if (name === FLATE) {
      bytes = inflateWithin(bytes, budget.bytes);
    } else {
      const expansion = MAX_EXPANSION.get(name);
      if (expansion === undefined) throw new Error(`pdf-lib does not decode ${name.toString()}`);
      if (bytes.length * expansion > budget.bytes) throw overBudget();
      const single = dict.context.obj({ Filter: name });
      const param = params instanceof PDFArray ? params.lookupMaybe(i, PDFDict) : params;
      if (param instanceof PDFDict) single.set(DECODE_PARMS, param);
      bytes = decodePDFRawStream(PDFRawStream.of(single, bytes)).decode();
    }
    budget.bytes -= bytes.length;
  });
  return bytes;
}

function inflateWithin(bytes: Uint8Array, limit: number): Uint8Array {
  const [method = 0, flags = 0] = bytes;
  // The zlib header, checked as pdf-lib checks it.
  if ((method & 0x0f) !== 8 || ((method << 8) | flags) % 31 !== 0 || flags & 0x20)
    throw new Error('The FlateDecode stream has no zlib header');
  if (limit < 1) throw overBudget();
  try {
    // Raw inflate after the header, flushed at the end: like pdf-lib, ignore the checksum and keep
    // what a stream cut short holds. zlib stops at the limit instead of holding all of a bomb.
    return inflateRawSync(bytes.subarray(2), {
      maxOutputLength: limit,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw overBudget();
    throw err;
  }
}
