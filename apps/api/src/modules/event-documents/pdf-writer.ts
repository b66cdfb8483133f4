import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.12, 0.12, 0.14);
const ACCENT = rgb(0.47, 0.16, 0.52);
const MUTED = rgb(0.35, 0.35, 0.4);

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: 'ink' | 'accent' | 'muted';
  indent?: number;
  gapAfter?: number;
}

/**
 * A small flowing-text layout over pdf-lib: headings, paragraphs and label/value lines that wrap
 * and break onto new pages. Enough for the prospectus, the FAQ and the adjudicators' bios.
 */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  static async create(title: string, footer: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor('Online Eisteddfod');
    doc.setCreator('Online Eisteddfod entry portal');
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(doc, regular, bold, footer);
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pageNumber++;
    this.y = A4[1] - MARGIN;
    this.page.drawText(this.clean(`${this.footer} · page ${this.pageNumber}`, this.regular), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
  }

  /** Standard fonts speak WinAnsi only; anything else becomes a close ASCII stand-in or '?'. */
  private clean(text: string, font: PDFFont): string {
    const supported = new Set(font.getCharacterSet());
    return [...text.normalize('NFC')]
      .map((ch) => {
        const code = ch.codePointAt(0) ?? 63;
        if (supported.has(code)) return ch;
        const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        return base && supported.has(base.codePointAt(0) ?? 0) ? base : '?';
      })
      .join('');
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, style: TextStyle = {}): this {
    const size = style.size ?? 10.5;
    const font = style.bold ? this.bold : this.regular;
    const indent = style.indent ?? 0;
    const color = style.color === 'accent' ? ACCENT : style.color === 'muted' ? MUTED : INK;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(this.clean(text, font), font, size, A4[0] - 2 * MARGIN - indent)) {
      if (this.y - lineHeight < MARGIN) this.newPage();
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color });
    }
    this.y -= style.gapAfter ?? size * 0.5;
    return this;
  }

  heading(text: string, level: 1 | 2 | 3 = 2): this {
    const size = level === 1 ? 22 : level === 2 ? 15 : 12;
    // Keep a heading with at least two lines of what follows.
    if (this.y - size * 4 < MARGIN) this.newPage();
    this.y -= level === 1 ? 0 : size * 0.6;
    return this.text(text, {
      size,
      bold: true,
      color: level === 3 ? 'ink' : 'accent',
      gapAfter: size * 0.4,
    });
  }

  /** "Label: value" on one line, the label in bold. */
  field(label: string, value: string): this {
    const size = 10.5;
    const labelText = this.clean(`${label}: `, this.bold);
    const labelWidth = this.bold.widthOfTextAtSize(labelText, size);
    if (this.y - size * 1.35 < MARGIN) this.newPage();
    this.page.drawText(labelText, {
      x: MARGIN,
      y: this.y - size * 1.35,
      size,
      font: this.bold,
      color: INK,
    });
    const saved = this.y;
    this.text(value, { size, indent: labelWidth, gapAfter: 2 });
    if (this.y === saved) this.y -= size * 1.35;
    return this;
  }

  space(points = 8): this {
    this.y -= points;
    return this;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
