import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import {
  aiDocumentMessages,
  parseSummaryMarkup,
  type SummaryLine,
  type SummaryRun,
} from '@mindledger/domain';
import { AiDisclaimer } from './AiDisclaimer';
import { DocHeading, DocRoot, EmptyDoc, level } from './DocParts';
import classes from './ai-documents.module.css';

export interface SummaryTextProps {
  /** The summary in its light markup: '#' headings, '-' to '----' bullets, '**bold**'. */
  text: string | null | undefined;
  /** The level of '#' headings ('##' one below, '###' two below). */
  headingLevel?: number;
  /** The disclaimer under it: the journal summary's by default. */
  disclaimer?: string;
}

function Runs({ runs }: { runs: SummaryRun[] }) {
  return runs.map((run, index) => (run.bold ? <strong key={index}>{run.text}</strong> : run.text));
}

type Bullet = Extract<SummaryLine, { type: 'bullet' }>;

/** Groups consecutive bullets into one list, so screen readers hear one list, not many. */
function group(lines: SummaryLine[]): (SummaryLine | Bullet[])[] {
  const out: (SummaryLine | Bullet[])[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (line.type === 'bullet' && Array.isArray(last)) last.push(line);
    else out.push(line.type === 'bullet' ? [line] : line);
  }
  return out;
}

/** The summary text renderer (Part 2 §2): headings, bullets indented 20/50/80/110 px by dash depth, bold. */
export function SummaryText({ text, headingLevel = 3, disclaimer }: SummaryTextProps) {
  const lines = parseSummaryMarkup(text);
  if (!lines.length) return <EmptyDoc text={aiDocumentMessages.noRecords} />;
  const parts = group(lines).map((part, index): ReactNode => {
    if (Array.isArray(part))
      return (
        <ul key={index} className={classes.plainList}>
          {part.map((bullet, i) => (
            <li key={i} data-depth={bullet.depth} style={{ marginInlineStart: bullet.indent }}>
              <Text fz="sm" className={classes.bullet}>
                <Runs runs={bullet.runs} />
              </Text>
            </li>
          ))}
        </ul>
      );
    if (part.type === 'heading')
      return (
        <DocHeading
          key={index}
          order={level(headingLevel, part.level - 1)}
          look={part.level === 1 ? 'section' : 'part'}
        >
          <Runs runs={part.runs} />
        </DocHeading>
      );
    return (
      <Text key={index} fz="sm" className={classes.text}>
        <Runs runs={part.runs} />
      </Text>
    );
  });
  return (
    <DocRoot gap="xs">
      {parts}
      <AiDisclaimer text={disclaimer} />
    </DocRoot>
  );
}
