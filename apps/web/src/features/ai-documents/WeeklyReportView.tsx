import { useId } from 'react';
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import {
  aiDocumentMessages,
  dayRangeLabel,
  documentTexts,
  formatShortDay,
  type WeeklyItem,
  type WeeklyReport,
  type WeeklySection,
} from '@mindledger/domain';
import { AiDisclaimer, DocumentDisclaimer } from './AiDisclaimer';
import { DocCard, DocHeading, DocRoot, DocText, EmptyDoc, level } from './DocParts';
import { DocIcon, themeColour } from './icons';
import { ReflectionQuestionList } from './ReflectionQuestions';
import { useDocument } from './useDocument';
import classes from './ai-documents.module.css';

export interface WeeklyReportViewProps {
  report: WeeklyReport | string | null | undefined;
  /** Opens a journal entry an item came from; without it the items are not linked. */
  onOpenEntry?: (entryId: string) => void;
  /** The level of the report's title (its cards are one below). */
  headingLevel?: number;
}

function Item({ item, onOpenEntry }: { item: WeeklyItem; onOpenEntry?: (entryId: string) => void }) {
  const contentId = useId();
  const several = item.entryIds.length > 1;
  return (
    <li>
      <Stack gap={4}>
        <Text fz="sm" id={contentId} className={classes.text}>
          {item.content}
        </Text>
        {(item.dates.length > 0 || (onOpenEntry && item.entryIds.length > 0)) && (
          <Group gap={6}>
            {item.dates.map((day) => (
              <Badge key={day} variant="light" color="gray" tt="none" component="time" dateTime={day}>
                {formatShortDay(day)}
              </Badge>
            ))}
            {onOpenEntry &&
              item.entryIds.map((entryId, index) => (
                <Button
                  key={entryId}
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconNotebook size={14} aria-hidden="true" />}
                  aria-describedby={contentId}
                  onClick={() => onOpenEntry(entryId)}
                >
                  {several ? `View entry ${index + 1}` : 'View entry'}
                </Button>
              ))}
          </Group>
        )}
      </Stack>
    </li>
  );
}

function SectionCard(props: { section: WeeklySection; order: number; onOpenEntry?: (id: string) => void }) {
  const { section } = props;
  return (
    <DocCard>
      <Group gap="sm" wrap="nowrap" data-colour={themeColour(section.color)}>
        <DocIcon name={section.icon} colour={section.color} size={30} />
        <DocHeading order={level(props.order)}>{section.title}</DocHeading>
      </Group>
      <ul className={classes.stackList}>
        {section.items.map((item, index) => (
          <Item key={index} item={item} onOpenEntry={props.onOpenEntry} />
        ))}
      </ul>
    </DocCard>
  );
}

/** The weekly journal report (Part 2 §2). Sections that do not fit the report's shape are skipped. */
export function WeeklyReportView({ report, onOpenEntry, headingLevel = 2 }: WeeklyReportViewProps) {
  const doc = useDocument('weeklyReport', report);
  if (!doc) return <EmptyDoc text={aiDocumentMessages.noSections} />;
  const cardLevel = headingLevel + 1;
  return (
    <DocRoot label={doc.title}>
      <Stack gap={2}>
        <DocHeading order={level(headingLevel)} look="title">
          {doc.title}{' '}
          <Text span display="block" fz="sm" fw={500} c="dimmed">
            {dayRangeLabel(doc.startDate, doc.endDate)}
          </Text>
        </DocHeading>
        <Text c="dimmed">{doc.subtitle}</Text>
      </Stack>
      <DocCard>
        <DocHeading order={level(cardLevel)}>{documentTexts.summary}</DocHeading>
        <DocText>{doc.summary}</DocText>
      </DocCard>
      {doc.sections.length ? (
        doc.sections.map((section, index) => (
          <SectionCard key={index} section={section} order={cardLevel} onOpenEntry={onOpenEntry} />
        ))
      ) : (
        <EmptyDoc text={aiDocumentMessages.noSections} />
      )}
      <DocCard>
        <Group gap="sm" wrap="nowrap">
          <DocIcon name="question" colour="violet" size={30} />
          <DocHeading order={level(cardLevel)}>{documentTexts.reflectionQuestions}</DocHeading>
        </Group>
        <ReflectionQuestionList questions={doc.reflectionQuestions} />
      </DocCard>
      <Divider
        label={
          <Text span fz="xs" fw={700} c="dimmed" className={classes.endMark}>
            {aiDocumentMessages.endOfReflection}
          </Text>
        }
        labelPosition="center"
      />
      <DocumentDisclaimer>{doc.disclaimer}</DocumentDisclaimer>
      <AiDisclaimer />
    </DocRoot>
  );
}
