import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { notesSummaryMessages, notesSummarySchema, type NotesSummary } from '@mindledger/domain';
import { SummaryText } from '../../ai-documents';
import type { NotesSummaryRecord } from './api';
import { basedOnText, summaryRangeText } from './summary-labels';
import documents from '../documents/documents.module.css';
import classes from './notes-summaries.module.css';

const order = (n: number) => Math.min(Math.max(n, 1), 6) as TitleOrder;

interface SummaryDocumentProps {
  summary: Pick<NotesSummaryRecord, 'editMode' | 'noteSum' | 'jsonSummary' | 'startDate' | 'endDate'>;
  /** The level of the summary's title (its sections are one below). */
  headingLevel?: number;
}

/**
 * One version of a notes summary. A hand-edited version is its markup (the summary renderer); any
 * other is drawn from its JSON, so each point can say which notes it came from.
 */
export function SummaryDocument({ summary, headingLevel = 3 }: SummaryDocumentProps) {
  const parsed = notesSummarySchema.safeParse(summary.jsonSummary);
  if (summary.editMode === 'manual' || !parsed.success)
    return (
      <SummaryText
        text={summary.noteSum}
        headingLevel={headingLevel}
        disclaimer={notesSummaryMessages.disclaimer}
      />
    );
  return <SummaryJson doc={parsed.data} range={summaryRangeText(summary)} headingLevel={headingLevel} />;
}

function SummaryJson({
  doc,
  range,
  headingLevel,
}: {
  doc: NotesSummary;
  range: string;
  headingLevel: number;
}) {
  return (
    <Stack gap="sm" component="article" aria-label={doc.title} className={documents.doc}>
      <Stack gap={2}>
        <Title order={order(headingLevel)} size="h4">
          {doc.title}
        </Title>
        <Text fz="sm" c="dimmed">
          {range}
        </Text>
      </Stack>
      <Text fz="sm" className={documents.text}>
        {doc.overview}
      </Text>
      {doc.sections.map((section, index) => (
        <Stack key={index} gap={6}>
          <Title order={order(headingLevel + 1)} size="h6">
            {section.heading}
          </Title>
          <ul className={classes.points}>
            {section.points.map((point, i) => (
              <li key={i}>
                <Text fz="sm" className={documents.text}>
                  {point.text}
                </Text>
                {point.sources.length > 0 && (
                  <Text fz="xs" c="dimmed" className={classes.sources}>
                    From: {point.sources.map((source) => source.label).join('; ')}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        </Stack>
      ))}
      <Text fz="xs" c="dimmed">
        {basedOnText(doc.basedOn)}
      </Text>
      <SummaryDisclaimer>{doc.disclaimer}</SummaryDisclaimer>
    </Stack>
  );
}

/** The summary's own disclaimer (it is not a diagnosis), in the quiet style of the AI disclaimer. */
export function SummaryDisclaimer({ children }: { children: string }) {
  return (
    <Text component="p" role="note" fz="xs" c="dimmed" m={0} px="sm" py={6} className={classes.disclaimer}>
      {children}
    </Text>
  );
}
