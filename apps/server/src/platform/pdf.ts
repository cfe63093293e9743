import PDFDocument from 'pdfkit';
import type { DocBlock, DocChart } from '@mindledger/domain';

/** The file name of a downloaded PDF, from its title (shared with the web app, which saves it). */
export { pdfFileName } from '@mindledger/domain';

/**
 * The one PDF renderer of the product: any list of document blocks (packages/domain
 * ai-documents/render.ts) becomes a PDF with real, selectable text. The Initial Journey documents,
 * the weekly report and the clinical export all come through here, so it knows nothing of them.
 *
 * Page: 800 px wide (Part 2 §9) = 600 pt at 96 px per inch; A4-proportioned (600 × √2 ≈ 848 pt);
 * medium margins. The built-in Helvetica family needs no font file beyond pdfkit's own metrics.
 * The PDF is tagged (headings, paragraphs, lists), so screen readers get its structure.
 */
export const pdfPage = { width: 600, height: 848, margin: 54 } as const;

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const colours = { text: '#1a1b1e', muted: '#495057', faint: '#5c5f66', rule: '#ced4da' } as const;
const lineGap = 2;
/** Space a list level indents by, and the room kept for its marker. */
const listIndent = 16;
const markerWidth = { bullet: 14, numbered: 22 } as const;

export interface PdfOptions {
  /** The document's title: the PDF's Title, and its first line when the blocks carry no title. */
  title: string;
  /** Printed at the end in small grey type unless the blocks already end with it. */
  disclaimer: string;
}

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

interface Look {
  font: keyof typeof fonts;
  size: number;
  colour: keyof typeof colours;
  /** Space above the block, in pt (not at the top of a page). */
  before: number;
  after: number;
}

const looks: Record<Exclude<DocBlock['type'], 'divider' | 'chart'>, Look> = {
  title: { font: 'bold', size: 20, colour: 'text', before: 0, after: 4 },
  subtitle: { font: 'regular', size: 11.5, colour: 'muted', before: 0, after: 2 },
  heading: { font: 'bold', size: 14, colour: 'text', before: 14, after: 4 },
  paragraph: { font: 'regular', size: 11, colour: 'text', before: 0, after: 6 },
  bullet: { font: 'regular', size: 11, colour: 'text', before: 0, after: 3 },
  numbered: { font: 'regular', size: 11, colour: 'text', before: 0, after: 3 },
  label: { font: 'bold', size: 10.5, colour: 'text', before: 2, after: 3 },
  disclaimer: { font: 'regular', size: 9, colour: 'faint', before: 6, after: 4 },
};
const subheading: Look = { font: 'bold', size: 12, colour: 'text', before: 10, after: 3 };

// Characters of the standard fonts' WinAnsi encoding above Latin-1 (pdfkit maps them itself).
const winAnsiExtras = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);
const replacements: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2713': '',
  '\u2714': '',
  '\t': ' ',
};
const dropped = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{M}\p{Cf}\p{Cc}]/u;

const isWinAnsi = (code: number) =>
  code === 0x0a ||
  (code >= 0x20 && code <= 0x7e) ||
  (code >= 0xa0 && code <= 0xff) ||
  winAnsiExtras.has(code);

/**
 * The standard fonts can only show WinAnsi: anything else would print as garbage. Accents fall back
 * to their letter (ő → o), emoji and invisible marks are dropped, other scripts become '?'.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (isWinAnsi(code)) out += char;
    else if (replacements[char] !== undefined) out += replacements[char];
    else if (dropped.test(char)) continue;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      const usable = base !== '' && [...base].every((c) => isWinAnsi(c.codePointAt(0) ?? 0));
      out += usable ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ');
}

const contentWidth = pdfPage.width - 2 * pdfPage.margin;
const pageBottom = pdfPage.height - pdfPage.margin;

function applyLook(doc: Doc, look: Look): void {
  doc.font(fonts[look.font]).fontSize(look.size).fillColor(colours[look.colour]);
}

/** Space above a block, dropped at the top of a page. */
function spaceBefore(doc: Doc, points: number): void {
  if (doc.y > pdfPage.margin + 0.5) doc.y += points;
}

/** Starts a new page unless `height` still fits above the bottom margin. */
function keepRoom(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom) doc.addPage();
}

/** The chart's plot, the room under it (labels, legend) and its side columns, in pt. */
const chartLook = { plotHeight: 150, below: 38, axisWidth: 30, guideLabelWidth: 96 } as const;
/** Series colours that read on white and in greyscale print (distinct lightness). */
const chartColours = ['#3b5bdb', '#e8590c', '#2b8a3e', '#862e9c'] as const;

/** Which of `count` x labels fit (at most 8, evenly spaced, the last one always shown). */
export function labelIndexes(count: number): number[] {
  if (count === 0) return [];
  const every = Math.max(1, Math.ceil(count / 8));
  const shown: number[] = [];
  for (let i = 0; i < count; i += every) shown.push(i);
  const last = count - 1;
  if (shown.at(-1) !== last) {
    if (shown.length > 1 && last - shown.at(-1)! < every) shown[shown.length - 1] = last;
    else shown.push(last);
  }
  return shown;
}

/** Five or so round values from min to max for the value axis. */
export function chartTicks(min: number, max: number): number[] {
  const span = max - min;
  if (!(span > 0)) return [min];
  const raw = span / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step)
    ticks.push(Math.round(v * 100) / 100);
  return ticks;
}

const isItem = (block: DocBlock | null) => block?.type === 'bullet' || block?.type === 'numbered';
/** A paragraph or label indented under a list item (its follow-up lines). */
const isContinuation = (block: DocBlock | null) =>
  (block?.type === 'paragraph' || block?.type === 'label') && (block.depth ?? 0) > 0;

/** How a block looks, spaced by what comes before it: an item's follow-up lines stay close to it. */
function lookOf(block: DocBlock, previous: DocBlock | null): Look {
  if (block.type === 'heading' && (block.depth ?? 1) > 1) return subheading;
  const look = looks[block.type === 'divider' || block.type === 'chart' ? 'paragraph' : block.type];
  if (isContinuation(block)) return { ...look, before: 1, after: 2 };
  // A list sets itself off from the text above it, and each item from the follow-up lines of the last.
  const textAbove = previous?.type === 'paragraph' || previous?.type === 'label' || isContinuation(previous);
  if (isItem(block) && textAbove) return { ...look, before: 6 };
  return look;
}

const headingTag = (block: DocBlock) =>
  block.type === 'title' ? 'H1' : (block.depth ?? 1) > 1 ? 'H3' : 'H2';

class PdfWriter {
  /** The open list and the body of its last item (follow-up lines are tagged inside it). */
  private list: { element: Struct; itemBody: Struct; textX: number } | null = null;
  private previous: DocBlock | null = null;

  constructor(
    private readonly doc: Doc,
    private readonly root: Struct,
  ) {}

  block(block: DocBlock): void {
    const text = toWinAnsi(block.text).trim();
    if (block.type === 'divider') return this.divider(text);
    if (block.type === 'chart') return block.chart ? this.chart(block.chart, text) : undefined;
    if (!text) return;
    const look = lookOf(block, this.previous);
    this.previous = block;
    applyLook(this.doc, look);
    spaceBefore(this.doc, look.before);
    if (block.type === 'bullet' || block.type === 'numbered') this.listItem(block, text);
    else if (isContinuation(block) && this.list) this.continuation(block, text, this.list);
    else this.standalone(block, text);
    this.doc.y += look.after;
  }

  private standalone(block: DocBlock, text: string): void {
    this.list = null;
    const isHeading = block.type === 'heading' || block.type === 'title';
    const depth = isHeading ? 0 : Math.min(Math.max(block.depth ?? 0, 0), 4);
    const x = pdfPage.margin + depth * listIndent;
    const width = pdfPage.width - pdfPage.margin - x;
    // A heading keeps at least two lines of what follows on its page.
    const firstLine = this.doc.currentLineHeight(true);
    keepRoom(this.doc, isHeading ? this.doc.heightOfString(text, { width }) + 2 * 15 : firstLine);
    const shown = block.type === 'heading' && block.number !== undefined ? `${block.number}. ${text}` : text;
    this.root.add(
      this.doc.struct(isHeading ? headingTag(block) : 'P', {}, () => {
        this.doc.text(shown, x, this.doc.y, { width, lineGap });
      }),
    );
  }

  private listItem(block: DocBlock, text: string): void {
    const depth = Math.min(Math.max(block.depth ?? 1, 1), 4);
    const marker = block.type === 'bullet' ? '\u2022' : `${block.number ?? 1}.`;
    const x = pdfPage.margin + (depth - 1) * listIndent;
    const textX = x + markerWidth[block.type === 'bullet' ? 'bullet' : 'numbered'];
    const width = pdfPage.width - pdfPage.margin - textX;
    keepRoom(this.doc, this.doc.currentLineHeight(true));
    const element = this.list?.element ?? this.doc.struct('L');
    if (!this.list) this.root.add(element);
    const y = this.doc.y;
    // Elements made with their children are closed at once; the item's body stays open for its
    // follow-up lines, so it is made empty and filled (a closure runs when added).
    const item = this.doc.struct('LI');
    element.add(item);
    item.add(
      this.doc.struct('Lbl', {}, () => {
        this.doc.text(marker, x, y, { lineBreak: false });
      }),
    );
    const itemBody = this.doc.struct('LBody');
    item.add(itemBody);
    itemBody.add(() => {
      this.doc.text(text, textX, y, { width, lineGap });
    });
    this.list = { element, itemBody, textX };
  }

  /** A follow-up line of a list item, aligned with the item's text and tagged inside it. */
  private continuation(block: DocBlock, text: string, list: NonNullable<PdfWriter['list']>): void {
    const width = pdfPage.width - pdfPage.margin - list.textX;
    keepRoom(this.doc, this.doc.currentLineHeight(true));
    list.itemBody.add(
      this.doc.struct('P', {}, () => {
        this.doc.text(text, list.textX, this.doc.y, { width, lineGap });
      }),
    );
  }

  /**
   * A line chart: axes, value ticks, dashed guides with their labels, one coloured line with dots
   * per series and a legend; the figure is tagged with `alt` (what it shows in words).
   */
  chart(chart: DocChart, alt: string): void {
    this.list = null;
    this.previous = null;
    const height = chartLook.plotHeight + chartLook.below;
    spaceBefore(this.doc, 6);
    keepRoom(this.doc, height + 8);
    const top = this.doc.y;
    const left = pdfPage.margin + chartLook.axisWidth;
    const right = pdfPage.width - pdfPage.margin - chartLook.guideLabelWidth;
    const bottom = top + chartLook.plotHeight;
    const span = chart.yMax - chart.yMin || 1;
    const yOf = (value: number) => bottom - ((value - chart.yMin) / span) * chartLook.plotHeight;
    const count = chart.labels.length;
    const xOf = (i: number) => (count <= 1 ? (left + right) / 2 : left + (i * (right - left)) / (count - 1));
    const figure = this.doc.struct('Figure', { alt: toWinAnsi(alt) }, () => {
      const doc = this.doc;
      doc.save();
      doc.lineWidth(0.5).strokeColor(colours.rule);
      doc.font(fonts.regular).fontSize(8).fillColor(colours.muted);
      for (const tick of chartTicks(chart.yMin, chart.yMax)) {
        const y = yOf(tick);
        doc.moveTo(left, y).lineTo(right, y).stroke();
        doc.text(String(tick), pdfPage.margin, y - 4, {
          width: chartLook.axisWidth - 6,
          align: 'right',
          lineBreak: false,
        });
      }
      for (const guide of chart.guides ?? []) {
        const y = yOf(guide.value);
        doc
          .save()
          .dash(3, { space: 3 })
          .strokeColor(colours.faint)
          .moveTo(left, y)
          .lineTo(right, y)
          .stroke()
          .restore();
        doc.text(toWinAnsi(guide.label), right + 4, y - 4, {
          width: chartLook.guideLabelWidth - 4,
          lineBreak: false,
          ellipsis: true,
        });
      }
      for (const i of labelIndexes(count))
        doc.text(toWinAnsi(chart.labels[i] ?? ''), xOf(i) - 30, bottom + 4, {
          width: 60,
          align: 'center',
          lineBreak: false,
        });
      chart.series.forEach((series, n) => {
        const colour = chartColours[n % chartColours.length]!;
        doc.lineWidth(1.5).strokeColor(colour).fillColor(colour);
        let drawing = false;
        series.values.forEach((value, i) => {
          if (value === null) {
            drawing = false;
            return;
          }
          if (drawing) doc.lineTo(xOf(i), yOf(value));
          else doc.moveTo(xOf(i), yOf(value));
          drawing = true;
        });
        doc.stroke();
        series.values.forEach((value, i) => {
          if (value !== null) doc.circle(xOf(i), yOf(value), 2).fill();
        });
      });
      let x = left;
      const legendY = bottom + 18;
      for (const [n, series] of chart.series.entries()) {
        const colour = chartColours[n % chartColours.length]!;
        doc.rect(x, legendY + 2, 8, 8).fill(colour);
        doc.fillColor(colours.text).fontSize(8.5);
        const name = toWinAnsi(series.name);
        doc.text(name, x + 12, legendY + 1, { lineBreak: false });
        x += 12 + doc.widthOfString(name) + 16;
      }
      doc.restore();
    });
    this.root.add(figure);
    this.doc.x = pdfPage.margin;
    this.doc.y = top + height;
  }

  /** A thin rule, with its text (e.g. 'END OF REFLECTION') centred under it. */
  divider(text: string): void {
    this.list = null;
    spaceBefore(this.doc, 8);
    keepRoom(this.doc, text ? 30 : 12);
    const y = this.doc.y + 4;
    this.doc.markContent('Artifact', { type: 'Layout' });
    this.doc
      .moveTo(pdfPage.margin, y)
      .lineTo(pdfPage.width - pdfPage.margin, y)
      .lineWidth(0.75)
      .strokeColor(colours.rule)
      .stroke();
    this.doc.endMarkedContent();
    this.doc.y = y + 8;
    if (!text) return;
    applyLook(this.doc, { font: 'bold', size: 9.5, colour: 'muted', before: 0, after: 0 });
    this.root.add(
      this.doc.struct('P', {}, () => {
        this.doc.text(text, pdfPage.margin, this.doc.y, { width: contentWidth, align: 'center', lineGap });
      }),
    );
    this.doc.y += 6;
  }
}

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

function draw(doc: Doc, blocks: readonly DocBlock[], options: PdfOptions): void {
  const root = doc.struct('Document');
  doc.addStructure(root);
  const writer = new PdfWriter(doc, root);
  if (!blocks.some((block) => block.type === 'title')) writer.block({ type: 'title', text: options.title });
  for (const block of blocks) writer.block(block);
  const hasDisclaimer = blocks.some((b) => b.type === 'disclaimer' && same(b.text, options.disclaimer));
  if (options.disclaimer.trim() && !hasDisclaimer) {
    writer.divider('');
    writer.block({ type: 'disclaimer', text: options.disclaimer });
  }
  root.end();
}

/** Renders the blocks to a PDF (pages break where the text flows over). */
export function renderPdf(blocks: readonly DocBlock[], options: PdfOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: [pdfPage.width, pdfPage.height],
      margin: pdfPage.margin,
      font: fonts.regular,
      info: { Title: options.title, Creator: 'MindLedger' },
      displayTitle: true,
      lang: 'en-US',
      tagged: true,
      pdfVersion: '1.5',
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, blocks, options);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
