import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { noteBounds } from '@mindledger/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TimeField } from '../documents/TimeField';
import type { NoteFormOutput, NoteFormValues } from './note-form';
import { categoryOptions, frequencyOptions, priorityOptions, serviceOptions } from './note-labels';

const optionalCategoryOptions = [{ value: '', label: 'No category' }, ...categoryOptions];

/** The session's facts: title, when, how long, how, category, priority and follow-up (Part 2 §3). */
export function NoteSessionFields({
  form,
}: {
  form: UseFormReturn<NoteFormValues, unknown, NoteFormOutput>;
}) {
  const { errors } = form.formState;
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
        <TimeField
          register={form.register}
          savedMinute={form.formState.defaultValues?.time?.minute}
          errors={errors.time}
        />
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
