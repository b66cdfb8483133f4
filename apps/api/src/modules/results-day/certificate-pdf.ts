import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { text } from './text.ts';

/** What a certificate states (the event's template data plus the result). */
export interface CertificateContent {
  eventName: string;
  /** The awards date as shown, e.g. '18 June 2025'. */
  dateText: string;
  contestant: string;
  school: string;
  itemCode: string;
  itemTitle: string;
  total: number;
  medal: string;
  groupName: string | null;
  verificationCode: string;
  verificationUrl: string;
  /**
   * A Section Winner certificate (decision 026): the title it awards, e.g. 'Music, Senior
   * (Grades 7-9)'; then itemCode and itemTitle are not drawn and total is the winner's score.
   */
  sectionWinnerOf?: string;
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.12, 0.12, 0.14);
const ACCENT = rgb(0.47, 0.16, 0.52);
const MUTED = rgb(0.3, 0.3, 0.36);

/** Standard fonts speak WinAnsi only; anything else becomes a close ASCII stand-in or '?'. */
function clean(text: string, font: PDFFont): string {
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

function centred(page: PDFPage, text: string, y: number, size: number, font: PDFFont, color = INK) {
  let fitted = clean(text, font);
  let s = size;
  const maxWidth = A4_LANDSCAPE[0] - 160;
  while (font.widthOfTextAtSize(fitted, s) > maxWidth && s > 8) s -= 1;
  if (font.widthOfTextAtSize(fitted, s) > maxWidth) fitted = `${fitted.slice(0, 90)}...`;
  const width = font.widthOfTextAtSize(fitted, s);
  page.drawText(fitted, { x: (A4_LANDSCAPE[0] - width) / 2, y, size: s, font, color });
}

/** Draws the QR code of `text` as vector squares, `size` points wide, lower-left at (x, y). */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  // A quiet zone of four modules on each side, as scanners expect.
  const module = size / (count + 8);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + 4) * module,
        y: y + size - (row + 5) * module,
        width: module,
        height: module,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** One certificate, A4 landscape, with its verification code and QR code. */
export async function renderCertificate(content: CertificateContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(
    text('certificateTitle', { contestant: content.contestant, itemCode: content.itemCode }),
  );
  doc.setAuthor(content.eventName);
  doc.setCreator(text('certificateCreator'));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const page = doc.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;

  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: width - 68,
    height: height - 68,
    borderColor: ACCENT,
    borderWidth: 0.8,
  });

  const winner = content.sectionWinnerOf;
  centred(page, content.eventName, height - 100, 20, bold, ACCENT);
  const title = text(winner ? 'certificateSectionWinner' : 'certificateOfAchievement');
  centred(page, title, height - 150, 34, bold);
  centred(page, text('certifiesThat'), height - 200, 14, italic, MUTED);
  centred(page, content.contestant, height - 245, 30, bold);
  centred(page, content.school, height - 275, 14, regular, MUTED);
  if (content.groupName)
    centred(
      page,
      text('asMemberOf', { group: content.groupName }),
      height - 297,
      12,
      italic,
      MUTED,
    );
  if (winner) {
    centred(page, text('isSectionWinnerOf'), height - 325, 14, italic, MUTED);
    centred(page, winner, height - 365, 28, bold, ACCENT);
    centred(page, text('withScore', { total: content.total }), height - 395, 14, regular);
  } else {
    const { itemCode, itemTitle } = content;
    centred(page, text('wasAwarded'), height - 325, 14, italic, MUTED);
    centred(page, content.medal, height - 365, 32, bold, ACCENT);
    centred(page, text('withMarkFor', { total: content.total }), height - 395, 14, regular);
    centred(page, text('certificateItem', { itemCode, itemTitle }), height - 420, 16, bold);
  }
  centred(page, content.dateText, height - 450, 12, regular, MUTED);

  const qrSize = 96;
  drawQr(page, content.verificationUrl, width - 60 - qrSize, 52, qrSize);
  const lines = [
    text('verificationCode', { code: content.verificationCode }),
    text('checkGenuineAt'),
    content.verificationUrl,
  ];
  lines.forEach((line, i) => {
    page.drawText(clean(line, regular), {
      x: 60,
      y: 92 - i * 14,
      size: i === 0 ? 11 : 9,
      font: i === 0 ? bold : regular,
      color: i === 0 ? INK : MUTED,
    });
  });
  return doc.save();
}
