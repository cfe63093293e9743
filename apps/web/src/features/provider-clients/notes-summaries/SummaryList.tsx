import { Group, Text, UnstyledButton } from '@mantine/core';
import { SharedBadge } from '../documents/SharedBadge';
import type { NotesSummaryRecord } from './api';
import { summaryRangeText } from './summary-labels';
import documents from '../documents/documents.module.css';
import classes from './notes-summaries.module.css';

interface SummaryListProps {
  summaries: NotesSummaryRecord[];
  selectedId: string | null;
  onSelect: (summary: NotesSummaryRecord) => void;
}

/** The client's notes summaries, newest first (the server's order); the selected one is marked. */
export function SummaryList({ summaries, selectedId, onSelect }: SummaryListProps) {
  return (
    <ul className={documents.list} aria-label="Notes summaries">
      {summaries.map((summary) => {
        const range = summaryRangeText(summary);
        const selected = summary.id === selectedId;
        return (
          <li key={summary.id}>
            <UnstyledButton
              className={classes.row}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(summary)}
            >
              <Text fz="sm" fw={600}>
                {range}
              </Text>
              <Group gap={6} mt={4} wrap="wrap">
                <Text fz="xs" c="dimmed">
                  Version {summary.version}
                </Text>
                {summary.shared && <SharedBadge />}
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
