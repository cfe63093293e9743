import { useState } from 'react';
import {
  Accordion,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { suggestedActivities, dayDetailLimits } from '@mindledger/domain';
import type { DayDetails as Details } from './draft';

export interface DayDetailsProps {
  value: Details;
  onChange(value: Details): void;
}

const scale = ['1', '2', '3', '4', '5'];

function ScalePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
}) {
  const id = `scale-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div>
      <Text size="sm" fw={500} id={id} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          aria-labelledby={id}
          data={scale}
          value={value ? String(value) : ''}
          onChange={(v) => onChange(Number(v))}
        />
        {value ? (
          <Text
            component="button"
            type="button"
            size="sm"
            c="dimmed"
            td="underline"
            bg="none"
            bd="none"
            onClick={() => onChange(null)}
          >
            Clear
          </Text>
        ) : null}
      </Group>
    </div>
  );
}

/**
 * The optional details of a day (the draft's activities, sleepRoutine, productivity, betterme and
 * therapyProcess; Part 1 §3), saved with PUT update-mood-swp after the entry.
 */
export function DayDetails({ value, onChange }: DayDetailsProps) {
  const set = (patch: Partial<Details>) => onChange({ ...value, ...patch });
  const [hoursText, setHoursText] = useState<string | number>(value.sleepHours ?? '');
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="details">
        <Accordion.Control>More about your day (optional)</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <div>
              <Text size="sm" fw={500} mb={6} id="day-activities">
                Activities
              </Text>
              <Chip.Group
                multiple
                value={value.activities}
                onChange={(activities) =>
                  set({ activities: activities.slice(0, dayDetailLimits.activities) })
                }
              >
                <Group gap={6} role="group" aria-labelledby="day-activities">
                  {suggestedActivities.map((activity) => (
                    <Chip key={activity} value={activity} size="xs" variant="outline">
                      {activity}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput
                label="Hours of sleep"
                min={0}
                max={dayDetailLimits.sleepHoursMax}
                step={0.5}
                decimalScale={1}
                value={hoursText}
                onChange={(v) => {
                  // Keep what is being typed ('7.'), store the number it means.
                  setHoursText(v);
                  const hours = typeof v === 'number' ? v : Number.parseFloat(v);
                  set({ sleepHours: Number.isFinite(hours) ? hours : null });
                }}
                miw={160}
              />
              <ScalePicker
                label="Sleep quality (1–5)"
                value={value.sleepQuality}
                onChange={(sleepQuality) => set({ sleepQuality })}
              />
            </Group>
            <ScalePicker
              label="Productivity (1–5)"
              value={value.productivity}
              onChange={(productivity) => set({ productivity })}
            />
            <Textarea
              label="What helped you feel better?"
              value={value.betterme}
              onChange={(e) => set({ betterme: e.currentTarget.value.slice(0, dayDetailLimits.note) })}
              rows={2}
            />
            <Textarea
              label="Therapy notes"
              value={value.therapyNote}
              onChange={(e) => set({ therapyNote: e.currentTarget.value.slice(0, dayDetailLimits.note) })}
              rows={2}
            />
            <Checkbox
              label="I attended a therapy session today"
              checked={value.therapyAttended}
              onChange={(e) => set({ therapyAttended: e.currentTarget.checked })}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
