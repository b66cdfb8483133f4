import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// The layout a statement's pages share (decision 066): A4, standard fonts, rows that flow over
// as many pages as they need, each page with its footer.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.12, 0.12, 0.14);
export const ACCENT = rgb(0.47, 0.16, 0.52);
export const MUTED = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.8, 0.8, 0.84);
const LINE = 14;
/** Columns: item from the margin, section, and the fee's right edge. */
const SECTION_X = 360;
const FEE_RIGHT = A4[0] - MARGIN;

/** Lays out rows over as many pages as they need, each page with its footer. */
export class Pages {
  private page!: PDFPage;
  private y = 0;
  private count = 0;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.next();
  }

  private next() {
    this.page = this.doc.addPage(A4);
    this.count++;
    this.y = A4[1] - MARGIN;
    this.draw(`${this.footer} · ${this.count}`, MARGIN, MARGIN / 2, { size: 8, color: MUTED });
  }

  /** Standard fonts speak WinAnsi only; anything else becomes a close stand-in or '?'. */
  private clean(value: string): string {
    return [...value.normalize('NFC')]
      .map((ch) => {
        if (this.charset.has(ch.codePointAt(0) ?? 63)) return ch;
        const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        return base && this.charset.has(base.codePointAt(0) ?? 0) ? base : '?';
      })
      .join('');
  }

  private fit(value: string, font: PDFFont, size: number, width: number): string {
    let fitted = this.clean(value);
    if (font.widthOfTextAtSize(fitted, size) <= width) return fitted;
    while (fitted.length > 1 && font.widthOfTextAtSize(`${fitted}...`, size) > width)
      fitted = fitted.slice(0, -1);
    return `${fitted}...`;
  }

  draw(
    value: string,
    x: number,
    y: number,
    style: { size?: number; bold?: boolean; color?: typeof INK; width?: number; right?: boolean },
  ) {
    const size = style.size ?? 10;
    const font = style.bold ? this.bold : this.regular;
    const shown = this.fit(value, font, size, style.width ?? FEE_RIGHT - x);
    const at = style.right ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: at, y, size, font, color: style.color ?? INK });
  }

  /** Room for `lines` more lines, or a new page. */
  need(lines: number) {
    if (this.y - lines * LINE < MARGIN) this.next();
  }

  line(
    left: string,
    options: { bold?: boolean; size?: number; color?: typeof INK; middle?: string; right?: string },
  ) {
    const size = options.size ?? 10;
    this.need(1);
    this.y -= Math.max(LINE, size * 1.4);
    const bold = options.bold ?? false;
    const width =
      (options.middle !== undefined
        ? SECTION_X - 8
        : options.right !== undefined
          ? FEE_RIGHT - 90
          : FEE_RIGHT) - MARGIN;
    this.draw(left, MARGIN, this.y, {
      size,
      bold,
      width,
      ...(options.color && { color: options.color }),
    });
    if (options.middle !== undefined)
      this.draw(options.middle, SECTION_X, this.y, { size, width: FEE_RIGHT - 90 - SECTION_X });
    if (options.right !== undefined)
      this.draw(options.right, FEE_RIGHT, this.y, { size, bold, right: true, width: 88 });
  }

  /** Running text, wrapped at the margins onto as many lines as it needs. */
  paragraph(value: string, options: { bold?: boolean } = {}) {
    const font = options.bold ? this.bold : this.regular;
    const width = FEE_RIGHT - MARGIN;
    let line = '';
    for (const word of this.clean(value).split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, 10) <= width || !line) line = candidate;
      else {
        this.line(line, options);
        line = word;
      }
    }
    if (line) this.line(line, options);
  }

  rule() {
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: FEE_RIGHT, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
  }

  gap(points = 8) {
    this.y -= points;
  }
}

/** A new A4 document with its title and the standard fonts' pages, footer `footer`. */
export async function newStatementDocument(title: string, author: string, footer: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(author);
  doc.setCreator('Online Eisteddfod entry portal');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, pages: new Pages(doc, regular, bold, footer) };
}
