import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { instruments, type MeasureKind, type MeasureItem } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { measuresApi, measuresKeys, type MeasureResult } from './api';
import { MeasureResultView } from './MeasureResultView';

interface QuestionnaireFlowProps {
  kind: MeasureKind;
  /** The provider's request being answered; null for one the client takes on their own. */
  assignmentId: string | null;
  onClose: () => void;
}

/**
 * A PHQ-9 or GAD-7, one question per screen (a phone shows one at a time; a keyboard moves through
 * the answers with the arrow keys). The difficulty question comes last, only when a problem was
 * checked, and may be left out. The answers stay on screen when saving fails.
 */
export function QuestionnaireFlow({ kind, assignmentId, onClose }: QuestionnaireFlowProps) {
  const instrument = instruments[kind];
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [index, setIndex] = useState(0);
  const [result, setResult] = useState<MeasureResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();

  const anyProblem = instrument.items.some((item) => (answers[item.linkId] ?? 0) > 0);
  const questions: MeasureItem[] = anyProblem
    ? [...instrument.items, instrument.difficulty]
    : [...instrument.items];
  const question = questions[Math.min(index, questions.length - 1)]!;
  const isDifficulty = question.linkId === instrument.difficulty.linkId;
  const options = isDifficulty ? instrument.difficulty.options : instrument.options;
  const last = index >= questions.length - 1;
  const answered = answers[question.linkId] !== undefined;

  // each new question is announced: focus moves to its heading
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);

  const save = useMutation({
    mutationFn: () =>
      measuresApi.answer(
        assignmentId ? { assignmentId } : { kind },
        answersToSend(answers, anyProblem, instrument.difficulty.linkId),
      ),
    onSuccess: (data) => {
      setResult(data);
      void queryClient.invalidateQueries({ queryKey: measuresKeys.all });
    },
  });

  if (result) return <MeasureResultView result={result} onDone={onClose} />;

  return (
    <Stack gap="md" component="section" aria-label={instrument.shortName}>
      <Stack gap={4}>
        <Title order={2} fz="h4" ref={heading} tabIndex={-1}>
          {instrument.shortName}: question {index + 1} of {questions.length}
        </Title>
        <Progress
          value={((index + (answered ? 1 : 0)) / questions.length) * 100}
          size="sm"
          aria-label={`${instrument.shortName} progress`}
        />
        <Text fz="sm" c="dimmed">
          {isDifficulty ? 'One last question, if you like.' : instrument.stem}
        </Text>
      </Stack>
      <Radio.Group
        key={question.linkId}
        label={question.text}
        required={!isDifficulty}
        value={answers[question.linkId] === undefined ? null : String(answers[question.linkId])}
        onChange={(value) => setAnswers((current) => ({ ...current, [question.linkId]: Number(value) }))}
        styles={{ label: { fontSize: 'var(--mantine-font-size-md)', marginBottom: 8 } }}
      >
        <Stack gap="xs">
          {options.map((option) => (
            <Radio key={option.score} value={String(option.score)} label={option.text} />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Alert color="red" role="alert" title="Your answers were not saved">
          {errorMessage(save.error)} Your answers are still here; try again.
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            variant="default"
            onClick={() => setIndex((i) => i - 1)}
            disabled={index === 0 || save.isPending}
          >
            Back
          </Button>
        </Group>
        {last ? (
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!answered && !isDifficulty}
          >
            Submit answers
          </Button>
        ) : (
          <Button onClick={() => setIndex((i) => i + 1)} disabled={!answered && !isDifficulty}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The difficulty answer goes only when it was asked (a problem was checked). */
function answersToSend(answers: Record<string, number>, anyProblem: boolean, difficultyId: string) {
  if (anyProblem) return answers;
  const { [difficultyId]: _dropped, ...scored } = answers;
  return scored;
}
