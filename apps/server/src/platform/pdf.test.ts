import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aiDocumentMessages, documentBlocks, documentTitle, type DocBlock } from '@mindledger/domain';
import { chartTicks, labelIndexes, pdfFileName, pdfPage, renderPdf, toWinAnsi } from './pdf.js';

const pdftotextPath = '/usr/bin/pdftotext';
const hasPdftotext = existsSync(pdftotextPath);

/** The text a reader can select and copy, as Debian's pdftotext (poppler) extracts it. */
function pdfText(pdf: Buffer): string {
  return execFileSync(pdftotextPath, ['-', '-'], { input: pdf, encoding: 'utf8' });
}

// pdfkit writes page dictionaries uncompressed; only content streams are deflated.
const raw = (pdf: Buffer) => pdf.toString('latin1');
const pageCount = (pdf: Buffer) => raw(pdf).match(/\/Type \/Page\b/g)?.length ?? 0;

const blocks: DocBlock[] = [
  { type: 'title', text: 'Self-Reflection Summary: Initial Journey' },
  { type: 'subtitle', text: 'What you shared' },
  { type: 'heading', text: 'Narrative Summary' },
  { type: 'paragraph', text: 'You came looking for calm and steadier sleep.' },
  { type: 'heading', text: 'What Brings You Here', number: 1 },
  { type: 'heading', text: 'Main concerns', depth: 2 },
  { type: 'bullet', text: 'Work stress that follows you home' },
  { type: 'bullet', text: 'Nested detail', depth: 2 },
  { type: 'numbered', text: 'What helps you rest?', number: 1 },
  { type: 'paragraph', text: 'Think of one evening.', depth: 1 },
  { type: 'label', text: 'Priority: High' },
  { type: 'divider', text: 'END OF REFLECTION' },
];
const disclaimer = aiDocumentMessages.disclaimer;

describe('renderPdf', () => {
  it('writes a PDF 600 pt (800 px) wide and A4-proportioned, with its title in the document info', async () => {
    const pdf = await renderPdf(blocks, { title: 'Self-Reflection Summary: Initial Journey', disclaimer });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(raw(pdf)).toMatch(/\/MediaBox \[0 0 600 848\]/);
    expect(pageCount(pdf)).toBe(1);
    expect(raw(pdf)).toMatch(/\/Title \d+ 0 R/);
    expect(raw(pdf)).toContain('(Self-Reflection Summary: Initial Journey)');
    expect(raw(pdf)).toContain('/StructTreeRoot');
  });

  it.skipIf(!hasPdftotext)(
    'has selectable text: headings, a bullet, a number and the disclaimer at the end',
    async () => {
      const pdf = await renderPdf(blocks, { title: 'Self-Reflection Summary: Initial Journey', disclaimer });
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('Self-Reflection Summary: Initial Journey');
      expect(text).toContain('Narrative Summary');
      expect(text).toContain('1. What Brings You Here');
      expect(text).toContain('Main concerns');
      expect(text).toContain('• Work stress that follows you home');
      expect(text).toContain('1. What helps you rest?');
      expect(text).toContain('END OF REFLECTION');
      // The disclaimer is added at the end although the blocks lack it.
      expect(text.trim().endsWith(disclaimer)).toBe(true);
    },
  );

  it.skipIf(!hasPdftotext)(
    'prints the disclaimer once when the blocks carry it, and a title when they lack one',
    async () => {
      const pdf = await renderPdf(
        [
          { type: 'paragraph', text: 'Body text.' },
          { type: 'disclaimer', text: disclaimer },
        ],
        { title: 'Weekly Journal Report', disclaimer },
      );
      const text = pdfText(pdf).replace(/\s+/g, ' ').trim();
      expect(text.startsWith('Weekly Journal Report Body text.')).toBe(true);
      expect(text.split(disclaimer)).toHaveLength(2);
    },
  );

  it('flows a 200-block document over several pages', async () => {
    const long: DocBlock[] = Array.from({ length: 200 }, (_, i): DocBlock => {
      if (i % 20 === 0) return { type: 'heading', text: `Section ${i / 20 + 1}` };
      if (i % 3 === 0)
        return { type: 'bullet', text: `Bullet ${i} ${'with a few words '.repeat(4)}`, depth: 1 + (i % 4) };
      return {
        type: 'paragraph',
        text: `Paragraph ${i}. ${'A sentence that wraps across the line. '.repeat(5)}`,
      };
    });
    const pdf = await renderPdf(long, { title: 'A long document', disclaimer });
    expect(pageCount(pdf)).toBeGreaterThan(5);
    if (!hasPdftotext) return;
    const text = pdfText(pdf);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBe(pageCount(pdf));
    expect(text).toContain('Section 10');
    expect(text).toContain('Paragraph 199.');
    expect(pages.at(-1)?.replace(/\s+/g, ' ')).toContain(disclaimer);
  });

  it.skipIf(!hasPdftotext)('renders a generated document end to end', async () => {
    const lines = [
      { role: 'user' as const, text: 'I have been sleeping badly 😔 lately.' },
      { role: 'assistant' as const, text: 'Thank you for telling me — what happens at night?' },
    ];
    const pdf = await renderPdf(documentBlocks('chatHistory', lines), {
      title: documentTitle('chatHistory', lines),
      disclaimer,
    });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Initial Journey Chat History You I have been sleeping badly lately.');
    expect(text).toContain('Assistant Thank you for telling me — what happens at night?');
    expect(text.split(disclaimer)).toHaveLength(2);
  });
});

describe('toWinAnsi', () => {
  it('keeps Latin-1 and typographic punctuation, folds accents, drops emoji, marks other scripts', () => {
    expect(toWinAnsi('Café “quotes” – dash • bullet … €')).toBe('Café “quotes” – dash • bullet … €');
    expect(toWinAnsi('Őrs → ok ✓')).toBe('Ors -> ok ');
    expect(toWinAnsi('Great 😊 day 👍🏽')).toBe('Great day ');
    expect(toWinAnsi('Имя')).toBe('???');
  });
});

describe('pdfFileName', () => {
  it.skipIf(!hasPdftotext)(
    'draws a chart as a tagged figure with its labels, guides and legend',
    async () => {
      const chart: DocBlock = {
        type: 'chart',
        text: 'PHQ-9 totals from 16 to 8 over 3 answers',
        chart: {
          labels: ['Nov 3', 'Nov 10', 'Nov 17'],
          series: [{ name: 'PHQ-9 total', values: [16, null, 8] }],
          yMin: 0,
          yMax: 27,
          guides: [{ value: 10, label: 'Moderate' }],
        },
      };
      const pdf = await renderPdf(
        [{ type: 'title', text: 'Chart' }, chart, { type: 'paragraph', text: 'After the chart' }],
        {
          title: 'Chart',
          disclaimer: '',
        },
      );
      const text = pdfText(pdf);
      for (const words of ['Nov 3', 'Nov 17', 'Moderate', 'PHQ-9 total', 'After the chart'])
        expect(text).toContain(words);
      expect(raw(pdf)).toContain('/S /Figure');
      expect(raw(pdf)).toContain('(PHQ-9 totals from 16 to 8 over 3 answers)');
    },
  );

  it('shows at most 8 x labels, evenly, always the last, never two crowded at the end', () => {
    expect(labelIndexes(0)).toEqual([]);
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    expect(labelIndexes(8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(labelIndexes(10)).toEqual([0, 2, 4, 6, 9]);
    expect(labelIndexes(17)).toEqual([0, 3, 6, 9, 12, 16]);
  });

  it('picks round value ticks', () => {
    expect(chartTicks(0, 27)).toEqual([0, 10, 20]);
    expect(chartTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(chartTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(chartTicks(5, 5)).toEqual([5]);
  });

  it('makes a safe file name from the title', () => {
    expect(pdfFileName('Self-Reflection Summary: Initial Journey')).toBe(
      'Self-Reflection-Summary-Initial-Journey.pdf',
    );
    expect(pdfFileName('Target Therapist - Interview Qs')).toBe('Target-Therapist-Interview-Qs.pdf');
    expect(pdfFileName('Weekly Journal Report (Mar 3, 2025 – Mar 9, 2025)')).toBe(
      'Weekly-Journal-Report-Mar-3-2025-Mar-9-2025.pdf',
    );
    expect(pdfFileName('../../etc/passwd')).toBe('etc-passwd.pdf');
    expect(pdfFileName('Résumé')).toBe('Resume.pdf');
    expect(pdfFileName('😊')).toBe('document.pdf');
    expect(pdfFileName('a'.repeat(300))).toHaveLength(104);
  });
});

describe('pdfPage', () => {
  it('is 800 px wide at 96 px per inch, A4-proportioned, with medium margins', () => {
    expect(pdfPage.width).toBe((800 * 72) / 96);
    expect(Math.floor(pdfPage.width * Math.SQRT2)).toBe(pdfPage.height);
    expect(pdfPage.margin).toBe(54);
  });
});
