import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { carePlanBounds } from '@mindledger/domain';
import { TimeField } from '../documents/TimeField';
import { frequencyOptions } from '../notes/note-labels';
import { IcdCodeField } from './IcdCodeField';
import type { CarePlanForm } from './plan-form';

const longMax = carePlanBounds.long[1];

/** The plan's own fields (Part 2 §3): title, when, diagnosis, the narrative parts, follow-up, declared. */
export function PlanFields({ form }: { form: CarePlanForm }) {
  const { errors } = form.formState;
  const text = (name: 'justification' | 'problem' | 'discharge' | 'AdditionalInfo', label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      maxRows={12}
      maxLength={longMax}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={carePlanBounds.short[1]}
        error={errors.title?.message}
        {...form.register('title')}
      />
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
      </SimpleGrid>
      <Fieldset legend="Diagnosis" variant="unstyled" p={0}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <IcdCodeField form={form} />
        </SimpleGrid>
      </Fieldset>
      {text('justification', 'Justification')}
      {text('problem', 'Problem')}
      {text('discharge', 'Discharge criteria')}
      {text('AdditionalInfo', 'Additional info')}
    </>
  );
}

/** Follow-up and the client's agreement, under the goals. */
export function PlanClosingFields({ form }: { form: CarePlanForm }) {
  const { errors } = form.formState;
  return (
    <>
      <NativeSelect
        label="Follow-up frequency"
        data={frequencyOptions}
        error={errors.frequency?.message}
        {...form.register('frequency')}
      />
      <Checkbox
        label="Client has reviewed and agreed to this plan"
        error={errors.isDeclared?.message}
        {...form.register('isDeclared')}
      />
    </>
  );
}
