// Word and PowerPoint files (OOXML) without their properties, thumbnail, template path and the
// names of comment and tracked-change authors. Parts we do not change keep their exact bytes.
import { UnreadableFileError, unreadable } from './errors.ts';
import { withoutJpegMetadata, withoutPngMetadata } from './image-segments.ts';
import {
  attribute,
  elementsNamed,
  isNamespace,
  withAttributes,
  withoutElements,
} from './xml-tags.ts';
import { MAX_UNZIPPED_BYTES, MAX_XML_PART_BYTES, unzip, zip } from './zip.ts';

export const OFFICE_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const EMPTY_CORE_PROPERTIES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"/>';

/**
 * app.xml elements that can name someone: Company, Manager, HyperlinkBase (often a path under
 * the user's folder), Template (a school's template name) and TitlesOfParts with its HeadingPairs
 * (in Word, the document title). All are optional in the schema.
 */
const APP_ELEMENTS = new Set([
  'Company',
  'Manager',
  'HyperlinkBase',
  'Template',
  'HeadingPairs',
  'TitlesOfParts',
]);

const NEUTRAL: Record<string, string> = {
  author: 'Author',
  name: 'Author',
  initials: 'A',
  userId: 'Author',
  providerId: 'None',
  ed: 'Author',
};
/**
 * Word's people: w:author and w:initials on comments and tracked changes (ins, del, moves,
 * formatting changes), w15:author with w15:presenceInfo's userId (an e-mail address) in
 * people.xml, and w:ed (a named editor of a permission range).
 */
const WORD_PERSON = new Set(['author', 'initials', 'userId', 'providerId', 'ed']);
/** PowerPoint's comment authors: p:cmAuthor (commentAuthors.xml) and p188:author (authors.xml). */
const PPT_AUTHOR = new Set(['cmAuthor', 'author']);
const PPT_PERSON = new Set(['name', 'initials', 'userId', 'providerId']);

const JPEG_FILE = /\.(?:jpe?g|jpe|jfif)$/i;
const PNG_FILE = /\.png$/i;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A part name as the zip stores it: no leading slash, any case (OPC part names ignore case). */
const partKey = (target: string) => target.replace(/^\//, '').toLowerCase();

/** ".dotx" of a template's path, or nothing when it has no plain extension. */
function extensionOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.'));
  return path.includes('.') && /^\.\w+$/.test(extension) ? extension : '';
}

/** A Word or PowerPoint part's change that leaves out who made it, or nothing for other parts. */
function withoutPeople(key: string): ((xml: string) => string) | undefined {
  if (key.startsWith('word/') && key.endsWith('.xml')) {
    return (xml) =>
      withAttributes(xml, (_, { name, local }) =>
        WORD_PERSON.has(local) && !isNamespace(name) ? NEUTRAL[local] : undefined,
      );
  } else if (key.startsWith('word/') && key.endsWith('.rels')) {
    // A document made from a template links it by its full path, C:\Users\<name>\…, and its
    // name can be the school's: Word falls back to Normal when the template is not found.
    return (xml) =>
      withAttributes(xml, (tag, { name, value }, all) =>
        tag.local === 'Relationship' &&
        name === 'Target' &&
        all.some((other) => other.name === 'Type' && other.value.endsWith('/attachedTemplate'))
          ? `template${extensionOf(value)}`
          : undefined,
      );
  } else if (key.startsWith('ppt/') && key.endsWith('.xml')) {
    return (xml) =>
      withAttributes(xml, (tag, { name, local }) =>
        PPT_AUTHOR.has(tag.local) && PPT_PERSON.has(local) && !isNamespace(name)
          ? NEUTRAL[local]
          : undefined,
      );
  }
  return undefined;
}

export function stripOfficeFile(data: Buffer): Buffer {
  let files: Record<string, Uint8Array>;
  try {
    files = unzip(data, Math.max(MAX_UNZIPPED_BYTES, 2 * data.length));
  } catch (err) {
    throw unreadable('Office file', err);
  }
  const keys = new Map(Object.keys(files).map((name) => [name.toLowerCase(), name]));
  const read = (part: string) => {
    const bytes = files[keys.get(partKey(part)) ?? ''];
    if (bytes === undefined) return undefined;
    if (bytes.length > MAX_XML_PART_BYTES)
      throw new UnreadableFileError(`${part} is over ${MAX_XML_PART_BYTES / 1024 / 1024} MB`);
    return decoder.decode(bytes);
  };
  const write = (part: string, text: string) => {
    const name = keys.get(partKey(part));
    if (name !== undefined) files[name] = encoder.encode(text);
  };

  // The package relationships say where the property parts are; docProps/ is where they always are.
  const packageRelationships = elementsNamed(read('_rels/.rels') ?? '', 'Relationship');
  const targets = (...types: string[]) =>
    packageRelationships
      .filter((relationship) => types.some((type) => relationship.get('Type')?.endsWith(type)))
      .map((relationship) => partKey(relationship.get('Target') ?? ''));
  const coreParts = [...targets('/metadata/core-properties'), 'docprops/core.xml'];
  const appParts = [...targets('/extended-properties', '/extendedProperties'), 'docprops/app.xml'];
  const removed = new Set([
    ...targets('/custom-properties', '/customProperties', '/metadata/thumbnail'),
    'docprops/custom.xml',
    ...[...keys.keys()].filter((key) => key.startsWith('docprops/thumbnail.')),
  ]);

  const edits = new Map<string, string>();
  const edit = (part: string, change: (text: string) => string) => {
    const text = edits.get(partKey(part)) ?? read(part);
    if (text !== undefined) edits.set(partKey(part), change(text));
  };

  for (const part of removed) {
    const name = keys.get(part);
    if (name !== undefined) delete files[name];
  }
  edit('_rels/.rels', (xml) =>
    withoutElements(
      xml,
      (tag) =>
        tag.local === 'Relationship' && removed.has(partKey(attribute(xml, tag, 'Target') ?? '')),
    ),
  );
  edit('[Content_Types].xml', (xml) =>
    withoutElements(
      xml,
      (tag) =>
        tag.local === 'Override' && removed.has(partKey(attribute(xml, tag, 'PartName') ?? '')),
    ),
  );
  for (const part of coreParts) edit(part, () => EMPTY_CORE_PROPERTIES);
  for (const part of appParts) {
    edit(part, (xml) => withoutElements(xml, (tag) => APP_ELEMENTS.has(tag.local)));
  }
  for (const key of keys.keys()) {
    if (!files[keys.get(key) ?? '']) continue;
    const change = withoutPeople(key);
    if (change) edit(key, change);
  }
  // Parts we did not change keep their exact bytes.
  for (const [key, text] of edits) {
    if (text !== read(key)) write(key, text);
  }
  // Pictures in the document keep their pixels and lose their EXIF, XMP and text.
  for (const [name, bytes] of Object.entries(files)) {
    if (JPEG_FILE.test(name)) files[name] = withoutJpegMetadata(bytes);
    else if (PNG_FILE.test(name)) files[name] = withoutPngMetadata(bytes);
  }

  return zip(files);
}
