import { Stack, Text } from '@mantine/core';
import { aiDocumentMessages, questionParts, type ReflectionQuestion } from '@mindledger/domain';
import { DocText } from './DocParts';
import classes from './ai-documents.module.css';

/** The questions of a reflection card, strings or { question, context } alike. */
export function ReflectionQuestionList({ questions }: { questions: readonly ReflectionQuestion[] }) {
  if (!questions.length)
    return (
      <Text fz="sm" c="dimmed">
        {aiDocumentMessages.noQuestions}
      </Text>
    );
  return (
    <ol className={classes.list}>
      {questions.map((item, index) => {
        const { question, context } = questionParts(item);
        return (
          <li key={index}>
            <Stack gap={2}>
              <Text fz="sm" fw={500} className={classes.text}>
                {question}
              </Text>
              {context && <DocText dimmed>{context}</DocText>}
            </Stack>
          </li>
        );
      })}
    </ol>
  );
}
