import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  aiDocumentMessages,
  documentTexts,
  type ReflectionSection,
  type SelfReflectionSummary,
} from '@mindledger/domain';
import { AiDisclaimer } from './AiDisclaimer';
import { BulletList, DocCard, DocHeading, DocRoot, DocText, EmptyDoc, level } from './DocParts';
import { DocIcon } from './icons';
import { ReflectionQuestionList } from './ReflectionQuestions';
import { useDocument } from './useDocument';
import classes from './ai-documents.module.css';

export interface SelfReflectionViewProps {
  summary: SelfReflectionSummary | string | null | undefined;
  /** The level of the report's title (its cards are one below, their parts two). */
  headingLevel?: number;
  /** The footer (e.g. the page's actions); hidden when printed. */
  footer?: ReactNode;
}

function SectionCard({
  section,
  index,
  order,
}: {
  section: ReflectionSection;
  index: number;
  order: number;
}) {
  return (
    <DocCard>
      <Group gap="sm" wrap="nowrap" align="center">
        <Badge variant="filled" radius="xl" size="lg" aria-hidden="true">
          {index + 1}
        </Badge>
        <DocIcon name={section.icon} size={30} />
        <DocHeading order={level(order)}>
          <VisuallyHidden>{`${index + 1}. `}</VisuallyHidden>
          {section.title}
        </DocHeading>
      </Group>
      <DocHeading order={level(order, 1)} look="part">
        {section.primaryHeading}
      </DocHeading>
      <BulletList items={section.primaryItems} />
      {section.secondaryHeading && section.secondaryItems?.length ? (
        <>
          <DocHeading order={level(order, 1)} look="part">
            {section.secondaryHeading}
          </DocHeading>
          <BulletList items={section.secondaryItems} />
        </>
      ) : null}
    </DocCard>
  );
}

/** The self-reflection summary of the Initial Journey (Part 2 §2). */
export function SelfReflectionView({ summary, headingLevel = 2, footer }: SelfReflectionViewProps) {
  const doc = useDocument('selfReflectionSummary', summary);
  if (!doc) return <EmptyDoc text={aiDocumentMessages.noReflectionSections} />;
  const { documentInfo: info, disclaimer } = doc;
  const cardLevel = headingLevel + 1;
  return (
    <DocRoot label={info.title}>
      <Stack gap={2}>
        <DocHeading order={level(headingLevel)} look="title">
          {info.title}
        </DocHeading>
        <Text c="dimmed">{info.subtitle}</Text>
        <Text fz="sm" c="dimmed">
          {info.dateRange}
        </Text>
      </Stack>
      <DocCard>
        <DocHeading order={level(cardLevel)}>{documentTexts.narrativeSummary}</DocHeading>
        <DocText>{doc.narrativeSummary.content}</DocText>
      </DocCard>
      {doc.sections.length ? (
        doc.sections.map((section, index) => (
          <SectionCard key={index} section={section} index={index} order={cardLevel} />
        ))
      ) : (
        <EmptyDoc text={aiDocumentMessages.noReflectionSections} />
      )}
      {doc.reflectionQuestions.questions.length > 0 && (
        <DocCard>
          <Group gap="sm" wrap="nowrap">
            <DocIcon name={doc.reflectionQuestions.icon} colour={doc.reflectionQuestions.color} size={30} />
            <DocHeading order={level(cardLevel)}>{doc.reflectionQuestions.title}</DocHeading>
          </Group>
          <ReflectionQuestionList questions={doc.reflectionQuestions.questions} />
        </DocCard>
      )}
      <DocCard>
        <DocHeading order={level(cardLevel)}>{documentTexts.conclusion}</DocHeading>
        <DocText>{doc.conclusion.content}</DocText>
      </DocCard>
      <Paper p="md" radius="md" className={classes.disclaimer} role="note" aria-label="Disclaimer">
        <Stack gap="xs">
          <DocText dimmed>{disclaimer.personal}</DocText>
          <DocText dimmed>{disclaimer.provider}</DocText>
          <DocText dimmed>{disclaimer.privacy}</DocText>
        </Stack>
      </Paper>
      <AiDisclaimer />
      <footer className={classes.footer}>
        {footer ?? (
          <Text fz="xs" c="dimmed">
            {info.title} · {info.dateRange}
          </Text>
        )}
      </footer>
    </DocRoot>
  );
}
