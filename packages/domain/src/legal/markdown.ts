import { parseBoldRuns } from '../ai-documents/render.js';

/**
 * The Markdown subset of the legal texts, read into blocks that the web app renders as React
 * elements (never as HTML): a front matter, '#' to '###' headings (each with a slug id for links
 * to it), paragraphs (lines joined until a blank line), '-' lists nested by two spaces, '1.'
 * lists, '**bold**' (the summary renderer's own reader, ai-documents/render.ts) and
 * '[text](href)' links to this site's pages and anchors, mailto:, tel: and https:. Anything else
 * is shown as the text it is.
 */

export interface LegalRun {
  text: string;
  bold: boolean;
  href?: string;
}

export interface LegalListItem {
  runs: LegalRun[];
  /** 1 for a top-level item, 2 and 3 for nested ones. */
  depth: number;
}

export type LegalBlock =
  | { type: 'heading'; level: 1 | 2 | 3; id: string; runs: LegalRun[] }
  | { type: 'paragraph'; runs: LegalRun[] }
  | { type: 'list'; ordered: boolean; items: LegalListItem[] };

export interface LegalMarkdown {
  /** The front matter's fields (document, title, version, effective). */
  meta: Record<string, string>;
  blocks: LegalBlock[];
}

/** Links a legal text may carry: our own pages and anchors, mail, phone, and https pages. */
export function isSafeLegalHref(href: string): boolean {
  return /^(#[\w-]+|\/(?!\/)[\w\-/#?=&.]*|mailto:[^\s<>"]+|tel:[\d+\-() ]+|https:\/\/[^\s<>"]+)$/.test(href);
}

/** A heading's id: its words in lower case joined by '-', without a leading section number. */
export function slugOf(text: string): string {
  return text
    .replace(/^\s*\d+(\.\d+)*\.?\s+/, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Bold runs, with '[text](href)' links among them (an unsafe target stays plain text). */
export function parseLegalRuns(text: string): LegalRun[] {
  const runs: LegalRun[] = [];
  const link = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(link)) {
    const href = match[2] ?? '';
    if (!isSafeLegalHref(href)) continue;
    if (match.index > last) runs.push(...parseBoldRuns(text.slice(last, match.index)));
    for (const run of parseBoldRuns(match[1] ?? '')) runs.push({ ...run, href });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(...parseBoldRuns(text.slice(last)));
  return runs.filter((run) => run.text !== '');
}

/** The plain text of runs (a heading's words, a link's text). */
export const runsText = (runs: readonly LegalRun[]): string => runs.map((run) => run.text).join('');

function frontMatter(lines: string[]): { meta: Record<string, string>; start: number } {
  const meta: Record<string, string> = {};
  if (lines[0]?.trim() !== '---') return { meta, start: 0 };
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '---') return { meta, start: i + 1 };
    const field = /^([\w-]+):\s*(.*)$/.exec(line);
    if (field?.[1]) meta[field[1]] = (field[2] ?? '').trim();
  }
  return { meta: {}, start: 0 };
}

const listItem = /^( *)(-|\*|\d+\.)\s+(.*)$/;

/** Reads a legal text (see the module comment). */
export function parseLegalMarkdown(source: string): LegalMarkdown {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const { meta, start } = frontMatter(lines);
  const blocks: LegalBlock[] = [];
  const used = new Map<string, number>();
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: { text: string; depth: number }[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', runs: parseLegalRuns(paragraph.join(' ')) });
    paragraph = [];
    if (list)
      blocks.push({
        type: 'list',
        ordered: list.ordered,
        items: list.items.map((item) => ({ runs: parseLegalRuns(item.text), depth: item.depth })),
      });
    list = null;
  };
  const uniqueId = (base: string) => {
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };

  for (const raw of lines.slice(start)) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const runs = parseLegalRuns(heading[2]?.trim() ?? '');
      const level = Math.min(heading[1]?.length ?? 1, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, id: uniqueId(slugOf(runsText(runs)) || 'section'), runs });
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2] ?? '');
      if (paragraph.length || (list && list.ordered !== ordered && (item[1] ?? '').length === 0)) flush();
      list ??= { ordered, items: [] };
      const depth = Math.min(Math.floor((item[1] ?? '').length / 2) + 1, 3);
      list.items.push({ text: item[3] ?? '', depth });
      continue;
    }
    const current = list as { items: { text: string }[] } | null;
    const lastItem = current?.items.at(-1);
    if (lastItem && /^\s+/.test(line)) {
      // an indented line continues the list item above it
      lastItem.text += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return { meta, blocks };
}

/** Values the texts name in braces: `{privacyEmail}`, `{privacyPostalAddress}`, `{aiProcessing}`. */
export const legalPlaceholders = ['privacyEmail', 'privacyPostalAddress', 'aiProcessing'] as const;
export type LegalPlaceholder = (typeof legalPlaceholders)[number];

/** The text with its placeholders filled (a placeholder without a value stays as written). */
export function fillLegalPlaceholders(
  source: string,
  values: Partial<Record<LegalPlaceholder, string>>,
): string {
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name as LegalPlaceholder];
    return typeof value === 'string' ? value : whole;
  });
}

/** The headings of a text in order: the table of contents a page can offer. */
export function legalHeadings(blocks: readonly LegalBlock[], level: 1 | 2 | 3 = 2) {
  return blocks.flatMap((block) =>
    block.type === 'heading' && block.level === level ? [{ id: block.id, text: runsText(block.runs) }] : [],
  );
}
