import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import {
  aiDocumentMessages,
  documentTexts,
  interviewPriorityLabels,
  type InterviewGuide,
} from '@mindledger/domain';
import { AiDisclaimer, DocumentDisclaimer } from './AiDisclaimer';
import { DocCard, DocHeading, DocRoot, DocText, EmptyDoc, level } from './DocParts';
import { useDocument } from './useDocument';
import classes from './ai-documents.module.css';

const priorityColours = { high: 'red', medium: 'yellow', low: 'gray' } as const;

export interface InterviewGuideViewProps {
  guide: InterviewGuide | string | null | undefined;
  /** The level of the guide's title (its parts are one below). */
  headingLevel?: number;
}

type Question = InterviewGuide['questions'][number];

function QuestionItem({ question, order }: { question: Question; order: number }) {
  return (
    <li>
      <DocCard>
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <Text className={classes.number} aria-hidden="true">
            {question.number}.
          </Text>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <DocHeading order={level(order)} look="part">
              {question.main_question}
            </DocHeading>
            {question.optional_followup && (
              <DocText>
                <Text span fw={600} fz="sm">
                  Follow-up:{' '}
                </Text>
                {question.optional_followup}
              </DocText>
            )}
            <DocText>
              <Text span fw={600} fz="sm">
                What to listen for:{' '}
              </Text>
              {question.listen_for}
            </DocText>
            <Badge variant="light" color={priorityColours[question.priority]} tt="none" w="fit-content">
              Priority: {interviewPriorityLabels[question.priority]}
            </Badge>
          </Stack>
        </Group>
      </DocCard>
    </li>
  );
}

/** The interview guide (Part 2 §2): questions to ask a therapist at a first consultation. */
export function InterviewGuideView({ guide, headingLevel = 2 }: InterviewGuideViewProps) {
  const doc = useDocument('interviewGuide', guide);
  if (!doc?.questions.length) return <EmptyDoc text={aiDocumentMessages.noInterviewQuestions} />;
  return (
    <DocRoot label={doc.interview_guide.title}>
      <DocHeading order={level(headingLevel)} look="title">
        {doc.interview_guide.title}
      </DocHeading>
      <DocText>{doc.interview_guide.introduction}</DocText>
      <ol className={classes.stackList} aria-label="Interview questions">
        {doc.questions.map((question, index) => (
          <QuestionItem key={index} question={question} order={headingLevel + 1} />
        ))}
      </ol>
      <DocHeading order={level(headingLevel, 1)}>{documentTexts.conclusion}</DocHeading>
      <DocText>{doc.conclusion}</DocText>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconBulb size={18} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
        <DocText>{documentTexts.interviewTip}</DocText>
      </Group>
      <DocumentDisclaimer>{doc.disclaimer}</DocumentDisclaimer>
      <AiDisclaimer />
    </DocRoot>
  );
}
