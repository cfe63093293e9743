import { useMemo } from 'react';
import { Autocomplete, TextInput } from '@mantine/core';
import { carePlanBounds, searchIcd10 } from '@mindledger/domain';
import { Controller, useWatch } from 'react-hook-form';
import { diagnosisText } from './plan-labels';
import type { CarePlanForm } from './plan-form';

/**
 * The diagnosis (Part 2 §3): an ICD-10-CM code picked from the F01–F99 chapter by code or by words
 * of its title ('f41', 'generalized anx'), which fills the code and its title, and the description,
 * which the provider may reword. A code typed by hand is checked by the shared schema.
 */
export function IcdCodeField({ form }: { form: CarePlanForm }) {
  const { errors } = form.formState;
  const code = useWatch({ control: form.control, name: 'diagnosis.code' }) ?? '';
  const matches = useMemo(() => searchIcd10(code), [code]);
  // The option's value is the code (what the field then holds); its text shows the title too.
  const data = matches.map((m) => ({ value: m.code, label: m.code }));
  const titles = new Map(matches.map((m) => [m.code, m.description]));
  return (
    <>
      <Controller
        control={form.control}
        name="diagnosis.code"
        render={({ field }) => (
          <Autocomplete
            label="Diagnosis code (ICD-10-CM)"
            description="Search by code or name, for example F41.1 or anxiety."
            placeholder="F41.1"
            data={data}
            // searchIcd10 has already chosen the matches.
            filter={({ options }) => options}
            limit={20}
            maxDropdownHeight={280}
            renderOption={({ option }) =>
              diagnosisText({ code: option.value, description: titles.get(option.value) })
            }
            error={errors.diagnosis?.code?.message}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            onOptionSubmit={(value) => {
              const description = titles.get(value);
              if (description)
                form.setValue('diagnosis.description', description, {
                  shouldDirty: true,
                  shouldValidate: true,
                });
            }}
          />
        )}
      />
      <TextInput
        label="Diagnosis description"
        maxLength={carePlanBounds.text[1]}
        error={errors.diagnosis?.description?.message}
        {...form.register('diagnosis.description')}
      />
    </>
  );
}
