import { useEffect, useId, useRef } from 'react';
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { CrisisContacts } from '../journal';
import type { MeasureResult } from './api';
import { changeText } from '@mindledger/domain';

/**
 * After saving: crisis resources first when item 9 was above 0, then the score in plain words. The
 * Submit button is gone once this shows, so focus moves to the result's heading: a keyboard user
 * lands on the result and a screen reader reads the heading with the score as its description (the
 * crisis resources announce themselves as an alert).
 */
export function MeasureResultView({ result, onDone }: { result: MeasureResult; onDone: () => void }) {
  const { response } = result;
  const change = changeText(response.flags);
  const heading = useRef<HTMLHeadingElement>(null);
  const scoreId = useId();
  const bandTextId = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="md" component="section" aria-label="Your result">
      {result.crisisResources && (
        <Alert
          color="red"
          icon={<IconHeartHandshake size={20} aria-hidden="true" />}
          title={result.crisisResources.heading}
          role="alert"
        >
          <Stack gap="xs">
            {result.safetyNotice && <Text fz="sm">{result.safetyNotice}</Text>}
            <List size="sm" spacing={4}>
              {result.crisisResources.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <CrisisContacts resources={result.crisisResources} />
            <Text fz="sm">
              If you are connected to a provider, they have been told so they can reach out to you.
            </Text>
          </Stack>
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={2} fz="h4" ref={heading} tabIndex={-1} aria-describedby={`${scoreId} ${bandTextId}`}>
          Thank you. Your answers were saved.
        </Title>
        <Group gap="xs" id={scoreId}>
          <Text fw={600}>
            {response.name}: {response.total} of {response.maxScore}
          </Text>
          <Badge variant="light">{response.band}</Badge>
        </Group>
        <Text fz="sm" id={bandTextId}>
          {response.bandText}
        </Text>
        {change && (
          <Text fz="sm" c="dimmed">
            {change}
          </Text>
        )}
      </Stack>
      <Text fz="sm" c="dimmed">
        {result.disclaimer}
      </Text>
      <Group>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
