import {
  bandOf,
  changeFlags,
  changeText,
  clinicalExportMessages,
  formatShortDay,
  instruments,
  measureKinds,
  milestones,
  noteServiceLabels,
  objectiveStatusLabels,
  type DocBlock,
  type NoteService,
} from '@mindledger/domain';
import { sessionTime } from './fhir.js';
import type {
  RecordCarePlan,
  RecordEmotionCount,
  RecordGoal,
  RecordHeader,
  RecordMeasure,
  RecordNote,
  RecordWeek,
} from './record.js';

/** What the PDF summarises: the journal as weekly figures, the rest as read. */
export interface PdfSources {
  weeks: RecordWeek[];
  emotions: RecordEmotionCount[];
  measures: RecordMeasure[];
  goals: RecordGoal[];
  carePlans: RecordCarePlan[];
  notes: RecordNote[];
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const day = (at: Date) => at.toISOString().slice(0, 10);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export const clinicalPdfTitle = (header: RecordHeader) =>
  `${header.own ? 'My record' : 'Clinical record'}: ${fullName(header.patient)}`;

/**
 * The clinical summary a therapist could hand to a colleague (issue 16), as document blocks for
 * the one PDF renderer: identification, period, the mood and emotion trend, sentiment by week,
 * questionnaires with their bands over time, goals, the current care plan and the signed notes
 * with their addenda. The journal is summarised by week, never listed entry by entry.
 */
export function clinicalPdfBlocks(header: RecordHeader, src: PdfSources): DocBlock[] {
  const blocks: DocBlock[] = [
    { type: 'title', text: clinicalPdfTitle(header) },
    {
      type: 'subtitle',
      text: `Period: ${formatShortDay(header.range.start)} to ${formatShortDay(header.range.end)} (the client's days, ${header.patient.timezone})`,
    },
    {
      type: 'subtitle',
      text: `Prepared ${day(header.generatedAt)}${header.practitioner ? ` by ${fullName(header.practitioner)}` : ''}`,
    },
    { type: 'heading', text: 'Identification' },
    { type: 'label', text: `Client: ${fullName(header.patient)}` },
    { type: 'paragraph', text: `Email: ${header.patient.email}. Client record id: ${header.patient.id}.` },
  ];
  if (header.practitioner)
    blocks.push(
      { type: 'label', text: `Provider: ${fullName(header.practitioner)}` },
      { type: 'paragraph', text: `Email: ${header.practitioner.email}.` },
    );
  if (header.include.entries) blocks.push(...journalBlocks(header, src.weeks, src.emotions));
  if (header.include.measures) blocks.push(...measureBlocks(src.measures));
  if (header.include.goals) blocks.push(...goalBlocks(src.goals));
  if (header.include.carePlans) blocks.push(...carePlanBlocks(src.carePlans));
  if (header.include.notes) blocks.push(...noteBlocks(src.notes));
  blocks.push(
    { type: 'divider', text: '' },
    {
      type: 'disclaimer',
      text: header.own ? clinicalExportMessages.ownDisclaimer : clinicalExportMessages.pdfDisclaimer,
    },
  );
  return blocks;
}

function journalBlocks(
  header: RecordHeader,
  weeks: RecordWeek[],
  emotions: RecordEmotionCount[],
): DocBlock[] {
  const blocks: DocBlock[] = [{ type: 'heading', text: 'Journal entries and emotions' }];
  const entries = weeks.reduce((n, w) => n + w.entries, 0);
  if (entries === 0) {
    blocks.push({ type: 'paragraph', text: 'No journal entries in this period.' });
    return blocks;
  }
  const days = weeks.reduce((n, w) => n + w.days, 0);
  blocks.push({
    type: 'paragraph',
    text: `${plural(entries, 'entry', 'entries')} on ${plural(days, 'day')} over ${plural(weeks.length, 'week')} with entries${header.own ? ', private entries included' : '; private entries are not included'}.`,
  });
  const labels = weeks.map((w) => formatShortDay(w.weekStart));
  const positive = weeks.map((w) => percent(w.positive, w.entries));
  const negative = weeks.map((w) => percent(w.negative, w.entries));
  blocks.push(
    { type: 'heading', text: 'Mood trend: sentiment by week', depth: 2 },
    {
      type: 'chart',
      text: `Share of positive and negative entries per week, from ${labels[0]} to ${labels.at(-1)}: positive ${positive[0]}% to ${positive.at(-1)}%, negative ${negative[0]}% to ${negative.at(-1)}%.`,
      chart: {
        labels,
        series: [
          { name: 'Positive entries (%)', values: positive },
          { name: 'Negative entries (%)', values: negative },
        ],
        yMin: 0,
        yMax: 100,
      },
    },
  );
  const intensities = weeks.map((w) => w.averageIntensity);
  if (intensities.some((v) => v !== null))
    blocks.push(
      { type: 'heading', text: 'Emotion intensity by week', depth: 2 },
      {
        type: 'chart',
        text: `Average emotion intensity (1-10) per week, from ${labels[0]} to ${labels.at(-1)}.`,
        chart: {
          labels,
          series: [{ name: 'Average intensity (1-10)', values: intensities }],
          yMin: 0,
          yMax: 10,
        },
      },
    );
  blocks.push({ type: 'heading', text: 'Sentiment by week', depth: 2 });
  for (const w of weeks)
    blocks.push({
      type: 'bullet',
      text: `Week of ${formatShortDay(w.weekStart)}: ${plural(w.entries, 'entry', 'entries')} on ${plural(w.days, 'day')}; ${w.positive} positive, ${w.neutral} neutral, ${w.negative} negative${w.averageIntensity === null ? '' : `; average intensity ${w.averageIntensity.toFixed(1)}`}`,
    });
  if (emotions.length) {
    blocks.push({ type: 'heading', text: 'Most frequent emotions', depth: 2 });
    for (const e of emotions)
      blocks.push({
        type: 'bullet',
        text: `${e.emotion}: ${plural(e.count, 'entry', 'entries')}${e.averageIntensity === null ? '' : `, average intensity ${e.averageIntensity.toFixed(1)}`}`,
      });
  }
  return blocks;
}

function measureBlocks(measures: RecordMeasure[]): DocBlock[] {
  const blocks: DocBlock[] = [{ type: 'heading', text: 'Questionnaires' }];
  if (measures.length === 0) {
    blocks.push({ type: 'paragraph', text: 'No questionnaires were completed in this period.' });
    return blocks;
  }
  for (const kind of measureKinds) {
    const series = measures.filter((m) => m.kind === kind);
    if (series.length === 0) continue;
    const instrument = instruments[kind];
    const first = series[0]!;
    const last = series.at(-1)!;
    blocks.push({ type: 'heading', text: instrument.title, depth: 2 });
    blocks.push({
      type: 'chart',
      text: `${instrument.shortName} totals over ${plural(series.length, 'answer')}: ${first.total} (${bandOf(instrument, first.total).label}) on ${day(first.completedAt)} to ${last.total} (${bandOf(instrument, last.total).label}) on ${day(last.completedAt)}.`,
      chart: {
        labels: series.map((m) => formatShortDay(day(m.completedAt))),
        series: [
          {
            name: `${instrument.shortName} total (0-${instrument.maxScore})`,
            values: series.map((m) => m.total),
          },
        ],
        yMin: 0,
        yMax: instrument.maxScore,
        guides: instrument.bands.slice(1).map((b) => ({ value: b.min, label: b.label })),
      },
    });
    for (const m of series) {
      const flags = changeFlags(kind, m.total, m);
      const notes = [changeText(flags), ...milestones(flags)].filter(Boolean).join('; ');
      blocks.push({
        type: 'bullet',
        text: `${day(m.completedAt)}: ${m.total} of ${instrument.maxScore}, ${bandOf(instrument, m.total).label}${notes ? ` (${notes})` : ''}${m.safetyAlert ? '. Item 9 (thoughts of death or self-harm) answered above 0' : ''}`,
      });
    }
  }
  blocks.push({
    type: 'disclaimer',
    text: 'PHQ-9 bands: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe. GAD-7 bands: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe. Screening scores, not a diagnosis.',
  });
  return blocks;
}

function goalStatus(goal: RecordGoal): string {
  if (goal.completedAt) return `completed ${day(goal.completedAt)}`;
  if (goal.abandonedAt) return `stopped ${day(goal.abandonedAt)}`;
  return 'active';
}

function goalBlocks(goals: RecordGoal[]): DocBlock[] {
  const blocks: DocBlock[] = [{ type: 'heading', text: 'Goals' }];
  if (goals.length === 0) {
    blocks.push({ type: 'paragraph', text: 'No goals.' });
    return blocks;
  }
  for (const g of goals) {
    blocks.push({
      type: 'bullet',
      text: `${g.text} (${g.type === 'therapist' ? 'therapist goal' : 'personal goal'}, ${goalStatus(g)})`,
    });
    blocks.push({
      type: 'paragraph',
      depth: 1,
      text: `Set ${day(g.createdAt)}${g.targetDate ? `, target ${day(g.targetDate)}` : ''}; mentioned in ${plural(g.mentions, 'journal entry', 'journal entries')}.${g.notes ? ` ${g.notes}` : ''}`,
    });
  }
  return blocks;
}

function carePlanBlocks(plans: RecordCarePlan[]): DocBlock[] {
  const blocks: DocBlock[] = [{ type: 'heading', text: 'Care plan' }];
  const plan = plans[0];
  if (!plan) {
    blocks.push({ type: 'paragraph', text: 'No care plan.' });
    return blocks;
  }
  const doc = plan.content;
  blocks.push(
    { type: 'heading', text: doc.title, depth: 2 },
    {
      type: 'label',
      text: `${plan.isSigned && plan.signedAt ? `Signed ${day(plan.signedAt)}` : 'Draft (not signed)'}; version ${plan.version}; dated ${doc.date}; sessions ${doc.frequency}`,
    },
  );
  if (doc.diagnosis.code)
    blocks.push({
      type: 'paragraph',
      text: `Diagnosis: ${doc.diagnosis.code}${doc.diagnosis.description ? `, ${doc.diagnosis.description}` : ''} (ICD-10-CM)`,
    });
  for (const [label, text] of [
    ['Problem', doc.problem],
    ['Justification', doc.justification],
  ] as const)
    if (text) blocks.push({ type: 'label', text: label }, { type: 'paragraph', text });
  doc.goals.forEach((goal, g) => {
    blocks.push({ type: 'numbered', number: g + 1, text: goal.title });
    for (const o of goal.objectives) {
      blocks.push({
        type: 'bullet',
        depth: 2,
        text: `${o.title}: ${o.completion}% (${objectiveStatusLabels[o.status]})${o.objectiveValue ? `; target ${o.objectiveValue}` : ''}${o.duration ? `; ${o.duration}` : ''}`,
      });
      for (const s of o.strategy)
        blocks.push({
          type: 'bullet',
          depth: 3,
          text: [s.intervention, s.modality, s.frequency].filter(Boolean).join(', '),
        });
    }
  });
  for (const [label, text] of [
    ['Discharge criteria', doc.discharge],
    ['Additional information', doc.AdditionalInfo],
  ] as const)
    if (text) blocks.push({ type: 'label', text: label }, { type: 'paragraph', text });
  if (plans.length > 1)
    blocks.push({
      type: 'paragraph',
      text: `Earlier plans in the record: ${plans
        .slice(1)
        .map((p) => `${p.content.title} (${p.content.date}${p.isSigned ? ', signed' : ''})`)
        .join('; ')}.`,
    });
  return blocks;
}

function noteBlocks(notes: RecordNote[]): DocBlock[] {
  const blocks: DocBlock[] = [{ type: 'heading', text: 'Signed notes' }];
  if (notes.length === 0) {
    blocks.push({ type: 'paragraph', text: 'No signed notes in this period.' });
    return blocks;
  }
  for (const n of notes) {
    const service = noteServiceLabels[n.service as NoteService] ?? n.service;
    blocks.push(
      {
        type: 'heading',
        depth: 2,
        text: `${n.title}: ${formatShortDay(n.sessionDate)}, ${sessionTime(n.timeMinutes)}`,
      },
      {
        type: 'label',
        text: `${n.duration} min, ${service}; signed by ${n.signedByName} on ${day(n.signedAt)}`,
      },
      { type: 'paragraph', text: n.notes },
    );
    if (n.additionalNotes) blocks.push({ type: 'paragraph', text: `Additional notes: ${n.additionalNotes}` });
    for (const r of n.recommendations) blocks.push({ type: 'bullet', text: r });
    blocks.push({ type: 'paragraph', text: `Follow-up: ${n.frequency}` });
    for (const a of n.addenda)
      blocks.push(
        { type: 'label', text: `Addendum by ${a.authorName}, ${day(a.createdAt)}` },
        { type: 'paragraph', text: a.text },
      );
  }
  return blocks;
}
