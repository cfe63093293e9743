import { Fieldset, Group, Input, NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { meridiems, noteBounds } from '@mindledger/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { hourOptions, minuteOptions, type NoteFormOutput, type NoteFormValues } from './note-form';
import { categoryOptions, frequencyOptions, priorityOptions, serviceOptions } from './note-labels';

const optionalCategoryOptions = [{ value: '', label: 'No category' }, ...categoryOptions];

/** The session's facts: title, when, how long, how, category, priority and follow-up (Part 2 §3). */
export function NoteSessionFields({
  form,
}: {
  form: UseFormReturn<NoteFormValues, unknown, NoteFormOutput>;
}) {
  const { errors } = form.formState;
  // The note's own minute stays selectable even when it is not a multiple of 5.
  const minutes = minuteOptions(String(form.formState.defaultValues?.time?.minute ?? 0));
  const timeError =
    errors.time?.message ??
    errors.time?.hour?.message ??
    errors.time?.minute?.message ??
    errors.time?.period?.message;
  return (
    <>
      <TextInput label="Title" required error={errors.title?.message} {...form.register('title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Date"
          type="date"
          required
          error={errors.date?.message}
          {...form.register('date')}
        />
        <Fieldset legend="Time" variant="unstyled" p={0}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NativeSelect
              label="Hour"
              data={hourOptions}
              {...form.register('time.hour')}
              style={{ flex: 1 }}
            />
            <NativeSelect
              label="Minute"
              data={minutes}
              {...form.register('time.minute')}
              style={{ flex: 1 }}
            />
            <NativeSelect
              label="AM/PM"
              data={[...meridiems]}
              {...form.register('time.period')}
              style={{ flex: 1 }}
            />
          </Group>
          {timeError && <Input.Error mt={4}>{timeError}</Input.Error>}
        </Fieldset>
        <Controller
          control={form.control}
          name="duration"
          render={({ field }) => (
            <NumberInput
              label="Duration (minutes)"
              min={noteBounds.duration[0]}
              max={noteBounds.duration[1]}
              allowDecimal={false}
              allowNegative={false}
              error={errors.duration?.message}
              name={field.name}
              value={field.value as number | string | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <NativeSelect
          label="Service"
          data={serviceOptions}
          error={errors.service?.message}
          {...form.register('service')}
        />
        <NativeSelect
          label="Category"
          data={optionalCategoryOptions}
          error={errors.category?.message}
          {...form.register('category', { setValueAs: (value: string) => value || undefined })}
        />
        <NativeSelect
          label="Priority"
          data={priorityOptions}
          error={errors.priority?.message}
          {...form.register('priority')}
        />
        <NativeSelect
          label="Follow-up frequency"
          data={frequencyOptions}
          error={errors.frequency?.message}
          {...form.register('frequency')}
        />
      </SimpleGrid>
    </>
  );
}
