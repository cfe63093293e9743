import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  promoCreateSchemaFor,
  promoCrossFieldErrors,
  promoLimits,
  promoUpdateSchemaFor,
  type PromoCodeForm,
  type PromoCodeResponse,
  type PromoCodeUpdate,
} from '@mindledger/domain';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { ApiError } from '../../api/client';
import type { PromoCodeEdit } from './api';
import { discountTypeOptions, durationOptions, promoFormValues, type PromoFormValues } from './promo-form';

export interface PromoCodeDialogProps {
  opened: boolean;
  /** The code being edited; null creates a new one. */
  promo: PromoCodeResponse | null;
  /** The admin's today: the earliest expiry a new or changed date may have. */
  today: string;
  onClose: () => void;
  /** Save calls: they reject on failure (the page shows the toast), the dialog then stays open. */
  onCreate: (body: PromoCodeForm) => Promise<unknown>;
  onUpdate: (promo: PromoCodeResponse, body: PromoCodeEdit) => Promise<unknown>;
}

/**
 * Create or edit a promo code (Part 2 §4 Admin promo code dialog, §5 Promo code form): every rule is
 * checked here with the server's own schema. In edit mode the code, discount type, discount,
 * duration, months and max uses are shown but locked; the description, expiry, one-time use and
 * active flags change.
 */
export function PromoCodeDialog({ opened, promo, today, onClose, onCreate, onUpdate }: PromoCodeDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={promo ? 'Edit Promo Code' : 'New Promo Code'}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open: each opening starts from the code's current values. */}
      {opened && (
        <PromoCodeForm
          key={promo?.id ?? 'new'}
          promo={promo}
          today={today}
          onCancel={onClose}
          onCreate={onCreate}
          onUpdate={onUpdate}
        />
      )}
    </Modal>
  );
}

type FormOutput = PromoCodeForm | PromoCodeUpdate;

interface PromoCodeFormProps {
  promo: PromoCodeResponse | null;
  today: string;
  onCancel: () => void;
  onCreate: PromoCodeDialogProps['onCreate'];
  onUpdate: PromoCodeDialogProps['onUpdate'];
}

const fieldNames = new Set<keyof PromoFormValues>([
  'code',
  'discountType',
  'discount',
  'duration',
  'durationInMonths',
  'maxUses',
  'description',
  'expiresAt',
  'oneTimeUse',
  'active',
]);

/**
 * The create form's check: the shared schema, and the discount and months rules even when another
 * field already failed (the schema stops at a blank required field), so every message shows at once.
 */
function createResolver(today: string): Resolver<PromoFormValues, unknown, FormOutput> {
  const base = zodResolver(promoCreateSchemaFor(today)) as Resolver<PromoFormValues, unknown, FormOutput>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors = { ...result.errors };
    for (const { path, message } of promoCrossFieldErrors(values))
      errors[path] ??= { type: 'custom', message };
    return { values: {}, errors };
  };
}

function PromoCodeForm({ promo, today, onCancel, onCreate, onUpdate }: PromoCodeFormProps) {
  const editing = promo !== null;
  const resolver = promo
    ? (zodResolver(promoUpdateSchemaFor(today, promo.expiresAt)) as Resolver<
        PromoFormValues,
        unknown,
        FormOutput
      >)
    : createResolver(today);
  const form = useForm<PromoFormValues, unknown, FormOutput>({
    resolver,
    defaultValues: promoFormValues(promo, today),
  });
  const { errors, isSubmitting } = form.formState;
  const [discountType, duration] = useWatch({ control: form.control, name: ['discountType', 'duration'] });
  const limits = promoLimits[discountType];
  // An expired code keeps its date on edit; a new or changed date is today or later.
  const minExpiry = promo && promo.expiresAt < today ? promo.expiresAt : today;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (promo) {
        const { description, expiresAt, oneTimeUse, active } = values as PromoCodeUpdate;
        await onUpdate(promo, { description, expiresAt, oneTimeUse, active });
      } else await onCreate(values as PromoCodeForm);
    } catch (error) {
      // The toast says what went wrong; a field the server names shows it too.
      if (!(error instanceof ApiError)) return;
      if (error.status === 409) form.setError('code', { message: error.message });
      for (const { path, message } of error.errors)
        if (fieldNames.has(path as keyof PromoFormValues))
          form.setError(path as keyof PromoFormValues, { message });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <TextInput
              {...field}
              label="Code"
              description={editing ? 'The code cannot change after creation' : 'Letters and numbers only'}
              required
              disabled={editing}
              data-autofocus={editing ? undefined : true}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={promoLimits.codeLength}
              error={errors.code?.message}
              onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NativeSelect
            label="Discount type"
            description="A percentage or an amount in dollars"
            required
            disabled={editing}
            data={discountTypeOptions}
            error={errors.discountType?.message}
            {...form.register('discountType')}
          />
          <TextInput
            label={discountType === 'fixed' ? 'Discount ($)' : 'Discount (%)'}
            description={discountType === 'fixed' ? 'Up to $1,000, cents allowed' : 'Up to 100%'}
            required
            disabled={editing}
            type="number"
            inputMode="decimal"
            min={0}
            max={limits.max}
            step={limits.step}
            error={errors.discount?.message}
            {...form.register('discount')}
          />
          <NativeSelect
            label="Duration"
            description="How long the discount applies"
            required
            disabled={editing}
            data={durationOptions}
            error={errors.duration?.message}
            {...form.register('duration')}
          />
          {duration === 'multipleMonths' && (
            <TextInput
              label="Number of months"
              description="From 1 to 24"
              required
              disabled={editing}
              type="number"
              inputMode="numeric"
              min={promoLimits.months[0]}
              max={promoLimits.months[1]}
              step={1}
              error={errors.durationInMonths?.message}
              {...form.register('durationInMonths')}
            />
          )}
          <TextInput
            label="Maximum uses"
            description="Leave blank for unlimited uses"
            disabled={editing}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.maxUses?.message}
            {...form.register('maxUses')}
          />
          <TextInput
            label="Expiration date"
            description="The last day the code can be used"
            required
            type="date"
            min={minExpiry}
            data-autofocus={editing ? true : undefined}
            error={errors.expiresAt?.message}
            {...form.register('expiresAt')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          required
          rows={3}
          resize="vertical"
          maxLength={promoLimits.description[1]}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Group gap="xl">
          <Controller
            control={form.control}
            name="oneTimeUse"
            render={({ field: { value, onChange, ...field } }) => (
              <Switch
                {...field}
                label="One-time use per customer"
                checked={value}
                onChange={(event) => onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field: { value, onChange, ...field } }) => (
              <Switch
                {...field}
                label="Active"
                checked={value}
                onChange={(event) => onChange(event.currentTarget.checked)}
              />
            )}
          />
        </Group>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" type="button" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {editing ? 'Save Changes' : 'Create Promo Code'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
