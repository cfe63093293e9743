import { formatShortDay } from '../dates/index.js';
import { aiDocumentMessages } from './messages.js';
import {
  initialJourneySections,
  type AiDocuments,
  type EmailTemplate,
  type InterviewGuide,
  type ReflectionQuestion,
  type SelfReflectionSummary,
  type TherapistProfile,
  type WeeklyReport,
} from './schemas.js';

/**
 * One document model for the three ways a generated document leaves the screen: Copy (plain text),
 * Download PDF (apps/server/src/platform/pdf.ts) and, later, the clinical export. Each kind becomes a
 * flat list of blocks in the order its viewer shows it (Part 2 §2), so what is copied, what is
 * printed and what is seen agree.
 */
export const docBlockTypes = [
  'title',
  'subtitle',
  'heading',
  'paragraph',
  'bullet',
  'numbered',
  'label',
  'disclaimer',
  'divider',
  'chart',
] as const;
export type DocBlockType = (typeof docBlockTypes)[number];

/**
 * A block of a document.
 * - `heading`: `depth` 1 (section, the default) or 2 (sub-section); `number` for numbered sections.
 * - `bullet` / `numbered`: `depth` 1–4 is the list's nesting (default 1); `numbered` carries `number`.
 * - `paragraph` / `label`: `depth` > 0 indents it under the list item before it (default 0).
 * - `label`: a short bold line ("Priority: High", a chat speaker, "Subject: …").
 * - `disclaimer`: small grey print; `divider`: a rule, with an optional centred text.
 * - `chart`: a line chart drawn from `chart`; `text` is what it shows in words (its alternative
 *   text in the PDF, its line in copied text).
 */
export interface DocBlock {
  type: DocBlockType;
  text: string;
  depth?: number;
  number?: number;
  chart?: DocChart;
}

/** A line chart of a few series over labelled points (weeks, dates), with optional guide lines. */
export interface DocChart {
  /** One label per point along the x axis. */
  labels: string[];
  /** Each series has one value per label; null leaves a gap. */
  series: { name: string; values: (number | null)[] }[];
  yMin: number;
  yMax: number;
  /** Horizontal reference lines (e.g. a questionnaire's band boundaries). */
  guides?: { value: number; label: string }[];
}

/** A line of the saved Initial Journey chat. */
export interface ChatHistoryLine {
  role: 'user' | 'assistant';
  text: string;
}

/** Everything that can be rendered: the generated documents and the chat history. */
export interface RenderableDocuments extends AiDocuments {
  chatHistory: ChatHistoryLine[];
}
export type RenderableKind = keyof RenderableDocuments;

/** Texts of the viewers that the spec describes but does not quote; shared by screen, Copy and PDF. */
export const documentTexts = {
  aboutYou: (name: string) =>
    `This profile, prepared for ${name}, describes the kind of therapist who may suit you, drawn from what you shared in your Initial Journey.`,
  interviewTip:
    'Tip: Bring this guide to your first consultation and note the answers as you go. It is fine to ask only the questions that matter most to you.',
  searchContext: 'About this search',
  therapistConnection: 'Therapist Connection',
  sessionPreferences: 'Session Preferences',
  narrativeSummary: 'Narrative Summary',
  summary: 'Summary',
  conclusion: 'Conclusion',
  reflectionQuestions: 'Reflection Questions',
  notes: 'Notes',
  you: 'You',
  assistant: 'Assistant',
} as const;

/** The therapist profile's headings, in the viewer's order (Part 2 §2). */
export const therapistProfileHeadings = {
  aboutYou: 'About You',
  expertise: 'Areas of Expertise',
  awareness: 'Understanding & Awareness',
  approaches: 'Helpful Approaches',
  focus: 'Focus of Support',
  format: 'Format',
  location: 'Location',
  language: 'Language',
  timing: 'Timing',
  background: 'Professional Background',
  communication: 'Communication Style',
  sessionApproach: 'Session Approach',
} as const;

export const interviewPriorityLabels = { high: 'High', medium: 'Medium', low: 'Low' } as const;

const sectionTitle = Object.fromEntries(initialJourneySections.map((s) => [s.kind, s.title])) as Record<
  (typeof initialJourneySections)[number]['kind'],
  string
>;

/** 'Mar 3, 2025 – Mar 9, 2025' (a single day once). */
export function dayRangeLabel(startDate: string, endDate: string): string {
  const start = formatShortDay(startDate);
  return startDate === endDate ? start : `${start} – ${formatShortDay(endDate)}`;
}

/** The question of a reflection card, whichever of its two shapes it has. */
export function questionParts(question: ReflectionQuestion): { question: string; context?: string } {
  return typeof question === 'string' ? { question } : question;
}

/** Splits a long text on blank lines, so each paragraph of it stays a paragraph. */
function paragraphs(text: string, depth?: number): DocBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (depth ? { type: 'paragraph', text: part, depth } : { type: 'paragraph', text: part }));
}

const bullets = (items: readonly string[], depth = 1): DocBlock[] =>
  items.map((text) => ({ type: 'bullet', text, depth }));

function headed(heading: string, body: DocBlock[], depth = 1): DocBlock[] {
  return body.length ? [{ type: 'heading', text: heading, depth }, ...body] : [];
}

function questionBlocks(questions: readonly ReflectionQuestion[]): DocBlock[] {
  return questions.flatMap((item, index) => {
    const { question, context } = questionParts(item);
    const blocks: DocBlock[] = [{ type: 'numbered', text: question, number: index + 1, depth: 1 }];
    if (context) blocks.push({ type: 'paragraph', text: context, depth: 1 });
    return blocks;
  });
}

/**
 * Therapist profile. §3 fields → §2 headings:
 * - About You ← profile_info.client_name (in a sentence: the profile is about the client's needs)
 * - Areas of Expertise ← provider_parameters.expertise_areas
 * - Understanding & Awareness ← provider_parameters.cultural_competencies
 * - Helpful Approaches ← provider_parameters.therapeutic_approaches
 * - Focus of Support ← provider_parameters.practice_focus
 * - Session Preferences: Format ← logistical_factors.format.requirements; Location ←
 *   location.time_zone ("Time zone: …") + location.preferences; Language ← language; Timing ←
 *   scheduling.preferred_times + scheduling.flexibility
 * - Therapist Connection: Professional Background ← match_priorities.professional_background
 *   .description; Communication Style ← communication_style.preferences; Session Approach ←
 *   treatment_modalities.preferences then session_structure.preferences (how the sessions work:
 *   the methods used and the shape of a session)
 * - the search-context note ← search_context; the disclaimer ← disclaimer
 */
function therapistProfileBlocks(doc: TherapistProfile): DocBlock[] {
  const h = therapistProfileHeadings;
  const { provider_parameters: provider, logistical_factors: logistics, match_priorities: match } = doc;
  return [
    { type: 'title', text: documentTitle('therapistProfile', doc) },
    ...headed(h.aboutYou, [
      { type: 'paragraph', text: documentTexts.aboutYou(doc.profile_info.client_name) },
    ]),
    ...headed(h.expertise, bullets(provider.expertise_areas)),
    ...headed(h.awareness, bullets(provider.cultural_competencies)),
    ...headed(h.approaches, bullets(provider.therapeutic_approaches)),
    ...headed(h.focus, bullets(provider.practice_focus)),
    ...headed(documentTexts.sessionPreferences, [
      ...headed(h.format, bullets(logistics.format.requirements), 2),
      ...headed(
        h.location,
        [
          { type: 'label', text: `Time zone: ${logistics.location.time_zone}` },
          ...bullets(logistics.location.preferences),
        ],
        2,
      ),
      ...headed(h.language, bullets(logistics.language), 2),
      ...headed(
        h.timing,
        [...bullets(logistics.scheduling.preferred_times), ...paragraphs(logistics.scheduling.flexibility)],
        2,
      ),
    ]),
    ...headed(documentTexts.therapistConnection, [
      ...headed(h.background, paragraphs(match.professional_background.description), 2),
      ...headed(h.communication, bullets(match.communication_style.preferences), 2),
      ...headed(
        h.sessionApproach,
        bullets([...match.treatment_modalities.preferences, ...match.session_structure.preferences]),
        2,
      ),
    ]),
    { type: 'label', text: documentTexts.searchContext },
    ...paragraphs(doc.search_context),
    { type: 'disclaimer', text: doc.disclaimer },
  ];
}

function interviewGuideBlocks(doc: InterviewGuide): DocBlock[] {
  const questions = doc.questions.flatMap((q): DocBlock[] => [
    { type: 'numbered', text: q.main_question, number: q.number, depth: 1 },
    ...(q.optional_followup
      ? [{ type: 'paragraph' as const, text: `Follow-up: ${q.optional_followup}`, depth: 1 }]
      : []),
    { type: 'paragraph', text: `What to listen for: ${q.listen_for}`, depth: 1 },
    { type: 'label', text: `Priority: ${interviewPriorityLabels[q.priority]}`, depth: 1 },
  ]);
  return [
    { type: 'title', text: doc.interview_guide.title },
    ...paragraphs(doc.interview_guide.introduction),
    ...questions,
    ...headed(documentTexts.conclusion, paragraphs(doc.conclusion)),
    { type: 'paragraph', text: documentTexts.interviewTip },
    { type: 'disclaimer', text: doc.disclaimer },
  ];
}

/** The email itself, as it is pasted into a mail program: greeting, body, sign-off. */
export function emailBodyParts(doc: EmailTemplate): string[] {
  const c = doc.email_content;
  return [
    c.greeting,
    c.opening_paragraph,
    c.personal_context,
    c.connection_request,
    c.closing,
    [c.signature.sign_off, c.signature.name, c.signature.contact_placeholder].join('\n'),
  ];
}

/** The text the email viewer's 'Copy to Clipboard' copies: the subject line and the email. */
export function emailTemplateText(doc: EmailTemplate): string {
  return [`Subject: ${doc.subject_line}`, ...emailBodyParts(doc)].join('\n\n');
}

function emailTemplateBlocks(doc: EmailTemplate): DocBlock[] {
  return [
    { type: 'title', text: doc.email_template.title },
    { type: 'subtitle', text: `Created ${doc.email_template.creation_date}` },
    { type: 'label', text: `Subject: ${doc.subject_line}` },
    ...(doc.notes ? headed(documentTexts.notes, paragraphs(doc.notes), 2) : []),
    { type: 'divider', text: '' },
    ...emailBodyParts(doc).map((text): DocBlock => ({ type: 'paragraph', text })),
    ...(doc.disclaimer ? [{ type: 'disclaimer' as const, text: doc.disclaimer }] : []),
  ];
}

function selfReflectionBlocks(doc: SelfReflectionSummary): DocBlock[] {
  const sections = doc.sections.flatMap((section, index): DocBlock[] => [
    { type: 'heading', text: section.title, depth: 1, number: index + 1 },
    ...headed(section.primaryHeading, bullets(section.primaryItems), 2),
    ...(section.secondaryHeading && section.secondaryItems?.length
      ? headed(section.secondaryHeading, bullets(section.secondaryItems), 2)
      : []),
  ]);
  const { disclaimer } = doc;
  return [
    { type: 'title', text: doc.documentInfo.title },
    { type: 'subtitle', text: doc.documentInfo.subtitle },
    { type: 'subtitle', text: doc.documentInfo.dateRange },
    ...headed(documentTexts.narrativeSummary, paragraphs(doc.narrativeSummary.content)),
    ...sections,
    ...headed(doc.reflectionQuestions.title, questionBlocks(doc.reflectionQuestions.questions)),
    ...headed(documentTexts.conclusion, paragraphs(doc.conclusion.content)),
    { type: 'disclaimer', text: disclaimer.personal },
    { type: 'disclaimer', text: disclaimer.provider },
    { type: 'disclaimer', text: disclaimer.privacy },
  ];
}

function weeklyReportBlocks(doc: WeeklyReport): DocBlock[] {
  const sections = doc.sections.flatMap((section) =>
    headed(
      section.title,
      section.items.map((item): DocBlock => {
        const dates = item.dates.map(formatShortDay).join(', ');
        return { type: 'bullet', text: dates ? `${item.content} (${dates})` : item.content, depth: 1 };
      }),
    ),
  );
  return [
    { type: 'title', text: doc.title },
    { type: 'subtitle', text: dayRangeLabel(doc.startDate, doc.endDate) },
    { type: 'subtitle', text: doc.subtitle },
    ...headed(documentTexts.summary, paragraphs(doc.summary)),
    ...sections,
    ...headed(documentTexts.reflectionQuestions, questionBlocks(doc.reflectionQuestions)),
    { type: 'divider', text: aiDocumentMessages.endOfReflection },
    { type: 'disclaimer', text: doc.disclaimer },
  ];
}

function chatHistoryBlocks(lines: ChatHistoryLine[]): DocBlock[] {
  return [
    { type: 'title', text: documentTitle('chatHistory', lines) },
    ...lines.flatMap((line): DocBlock[] => [
      { type: 'label', text: line.role === 'user' ? documentTexts.you : documentTexts.assistant },
      ...paragraphs(line.text),
    ]),
  ];
}

const renderers: { [K in RenderableKind]: (doc: RenderableDocuments[K]) => DocBlock[] } = {
  therapistProfile: therapistProfileBlocks,
  interviewGuide: interviewGuideBlocks,
  emailTemplate: emailTemplateBlocks,
  selfReflectionSummary: selfReflectionBlocks,
  weeklyReport: weeklyReportBlocks,
  chatHistory: chatHistoryBlocks,
};

/**
 * The blocks of a document, ending with the AI-summary disclaimer every viewer shows (Part 2 §2)
 * after the document's own disclaimer(s).
 */
export function documentBlocks<K extends RenderableKind>(kind: K, doc: RenderableDocuments[K]): DocBlock[] {
  const blocks = renderers[kind](doc);
  return [...blocks, { type: 'disclaimer', text: aiDocumentMessages.disclaimer }];
}

const titles: { [K in RenderableKind]: (doc: RenderableDocuments[K]) => string } = {
  therapistProfile: () => sectionTitle.therapistProfile,
  interviewGuide: (doc) => doc.interview_guide.title,
  emailTemplate: (doc) => doc.email_template.title,
  selfReflectionSummary: (doc) => doc.documentInfo.title,
  weeklyReport: (doc) => `${doc.title} (${dayRangeLabel(doc.startDate, doc.endDate)})`,
  chatHistory: () => sectionTitle.chatHistory,
};

/** The document's title: the PDF's title and file name. Documents without one take their section's. */
export function documentTitle<K extends RenderableKind>(kind: K, doc: RenderableDocuments[K]): string {
  return titles[kind](doc);
}

/**
 * A safe file name for a document's PDF, taken from its title (Part 2 §9): ASCII letters and digits
 * joined by '-', accents folded, at most 100 characters before '.pdf'.
 * 'Self-Reflection Summary: Initial Journey' → 'Self-Reflection-Summary-Initial-Journey.pdf'.
 */
export function pdfFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return `${base || 'document'}.pdf`;
}

/** Whether the block is an item of a list, or indented under one. */
const inList = (block: DocBlock) =>
  block.type === 'bullet' || block.type === 'numbered' || (block.depth ?? 0) > 0;

/** No blank line between a heading or label and what follows, within a list, and under a title. */
function tight(previous: DocBlock, block: DocBlock): boolean {
  if (block.type === 'title' || block.type === 'disclaimer' || block.type === 'divider') return false;
  if (block.type === 'heading')
    return previous.type === 'heading' && (previous.depth ?? 1) < (block.depth ?? 1);
  if (previous.type === 'heading' || previous.type === 'label') return true;
  if (block.type === 'subtitle') return previous.type === 'title' || previous.type === 'subtitle';
  return inList(previous) && inList(block);
}

function blockLine(block: DocBlock): string {
  const depth = block.depth ?? (block.type === 'bullet' || block.type === 'numbered' ? 1 : 0);
  const listIndent = '  '.repeat(Math.max(0, Math.min(depth, 4) - 1));
  const text = block.text.trim();
  switch (block.type) {
    case 'bullet':
      return `${listIndent}- ${text}`;
    case 'numbered':
      return `${listIndent}${block.number ?? 1}. ${text}`;
    case 'heading':
      return block.number === undefined ? text : `${block.number}. ${text}`;
    case 'paragraph':
    case 'label':
      return depth > 0 ? text.replace(/^/gm, '   '.repeat(Math.min(depth, 4))) : text;
    default:
      return text;
  }
}

/**
 * Plain text for the clipboard: headings on their own lines, bullets as "- ", numbered items as
 * "1. ", nested items indented with spaces, paragraphs separated by a blank line, no markup.
 */
export function blocksToText(blocks: readonly DocBlock[]): string {
  const lines: string[] = [];
  let previous: DocBlock | null = null;
  for (const block of blocks) {
    const line = blockLine(block);
    if (!line) {
      if (block.type === 'divider' && lines.length && lines.at(-1) !== '') lines.push('');
      continue;
    }
    if (previous && !tight(previous, block) && lines.at(-1) !== '') lines.push('');
    lines.push(line);
    previous = block;
  }
  return lines.join('\n').trim();
}

/** The document as clipboard text. */
export function documentText<K extends RenderableKind>(kind: K, doc: RenderableDocuments[K]): string {
  return blocksToText(documentBlocks(kind, doc));
}

// ——— The summary text renderer's markup (Part 2 §2 "Summary text renderer") ———

/** Bullet indents in px by dash depth: '-' 20, '--' 50, '---' 80, '----' 110. */
export const summaryBulletIndents = [20, 50, 80, 110] as const;

export interface SummaryRun {
  text: string;
  bold: boolean;
}

export type SummaryLine =
  | { type: 'heading'; level: 1 | 2 | 3; runs: SummaryRun[] }
  | { type: 'bullet'; depth: 1 | 2 | 3 | 4; indent: number; runs: SummaryRun[] }
  | { type: 'paragraph'; runs: SummaryRun[] };

/** `**bold**` spans become bold runs; an unmatched `**` stays as it is. */
export function parseBoldRuns(text: string): SummaryRun[] {
  const runs: SummaryRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false });
    runs.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false });
  return runs;
}

/**
 * Parses the summary markup line by line: '#', '##', '###' (or more, read as 3) start headings;
 * '-' to '----' start bullets of depth 1–4 (more dashes read as 4); anything else is a paragraph.
 * Blank lines and markers with nothing after them are dropped.
 */
export function parseSummaryMarkup(text: string | null | undefined): SummaryLine[] {
  if (!text) return [];
  const lines: SummaryLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^(#+)\s*(.*)$/.exec(line);
    if (heading) {
      const content = heading[2]?.trim() ?? '';
      if (!content) continue;
      const level = Math.min(heading[1]?.length ?? 1, 3) as 1 | 2 | 3;
      lines.push({ type: 'heading', level, runs: parseBoldRuns(content) });
      continue;
    }
    const bullet = /^(-+)\s*(.*)$/.exec(line);
    if (bullet) {
      const content = bullet[2]?.trim() ?? '';
      if (!content) continue;
      const depth = Math.min(bullet[1]?.length ?? 1, 4) as 1 | 2 | 3 | 4;
      lines.push({
        type: 'bullet',
        depth,
        indent: summaryBulletIndents[depth - 1] ?? 20,
        runs: parseBoldRuns(content),
      });
      continue;
    }
    lines.push({ type: 'paragraph', runs: parseBoldRuns(line) });
  }
  return lines;
}

/** The summary markup as document blocks (Copy and PDF of a summary), bold dropped. */
export function summaryBlocks(text: string | null | undefined): DocBlock[] {
  return parseSummaryMarkup(text).map((line): DocBlock => {
    const plain = line.runs.map((run) => run.text).join('');
    if (line.type === 'heading') return { type: 'heading', text: plain, depth: line.level === 1 ? 1 : 2 };
    if (line.type === 'bullet') return { type: 'bullet', text: plain, depth: line.depth };
    return { type: 'paragraph', text: plain };
  });
}
