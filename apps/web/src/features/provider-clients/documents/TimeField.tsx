import { Fieldset, Group, Input, NativeSelect } from '@mantine/core';
import { meridiems } from '@mindledger/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { hourOptions, minuteOptions } from '../notes/note-form';

type TimePart = 'hour' | 'minute' | 'period';
interface Message {
  message?: string;
}

interface TimeFieldProps {
  /** The form's register: the selects are its `time.hour`, `time.minute` and `time.period`. */
  register: (name: `time.${TimePart}`) => UseFormRegisterReturn;
  /** The saved minute, which stays selectable even when it is not a multiple of 5. */
  savedMinute: unknown;
  /** The form's `errors.time`: one message for the three selects. */
  errors?: Message & Partial<Record<TimePart, Message>>;
}

/** A document's time as three selects: hour, minute and AM/PM. */
export function TimeField({ register, savedMinute, errors }: TimeFieldProps) {
  const minutes = minuteOptions(String(savedMinute ?? 0));
  const error =
    errors?.message ?? errors?.hour?.message ?? errors?.minute?.message ?? errors?.period?.message;
  return (
    <Fieldset legend="Time" variant="unstyled" p={0}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect label="Hour" data={hourOptions} {...register('time.hour')} style={{ flex: 1 }} />
        <NativeSelect label="Minute" data={minutes} {...register('time.minute')} style={{ flex: 1 }} />
        <NativeSelect label="AM/PM" data={[...meridiems]} {...register('time.period')} style={{ flex: 1 }} />
      </Group>
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Fieldset>
  );
}
