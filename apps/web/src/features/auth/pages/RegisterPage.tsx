import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  isValidTimezone,
  passwordSpecials,
  registrationSchema,
  termsModalTitle,
  type RegistrationInput,
} from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { useDocumentTitle } from '../../../ui/PageTitle';
import { authApi } from '../api';
import { TermsModal } from '../../legal';
import { FormAlert } from '../components/FormAlert';
import { applyServerFieldErrors } from '../components/form-utils';
import { withMobileFlag } from '../components/links';
import { savePendingCode } from '../pending-code';
import { passwordToggleProps } from '../../../ui/password-toggle';

const fields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'role',
  'termsAccepted',
] as const;

function browserTimezone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimezone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Registration (Part 1 §5): the shared schema, the exact password rule, client or provider. */
export function RegisterPage() {
  useDocumentTitle('Create an account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = params.get('m') === '1';
  const [formError, setFormError] = useState<string | null>(null);
  const [reading, setReading] = useState<'terms' | 'privacy' | null>(null);
  const form = useForm<RegistrationInput>({
    resolver: zodResolver(registrationSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: params.get('role') === 'provider' ? 'provider' : 'patient',
      termsAccepted: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const role = values.role ?? 'patient';
      const response = await authApi.register({ ...values, role, timezone: browserTimezone() });
      savePendingCode('activation', {
        token: response.activationToken,
        email: response.email ?? values.email,
        role,
      });
      toast.success(response.message ?? 'Registration successful. Check your email for the activation code.');
      navigate(withMobileFlag('/auth/activate', mobile));
    } catch (error) {
      if (!applyServerFieldErrors(error, fields, form.setError)) setFormError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="register-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={26} id="register-title">
            Create an account
          </Title>
          <Text c="dimmed">Start journaling, or join as a therapist.</Text>
        </Stack>
        {formError && <FormAlert>{formError}</FormAlert>}
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Radio.Group
              label="I am registering as"
              value={field.value ?? 'patient'}
              onChange={(value) => field.onChange(value)}
              error={errors.role?.message}
            >
              <Group mt={6} gap="lg">
                <Radio value="patient" label="I am a client" />
                <Radio value="provider" label="I am a therapist (provider)" />
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description={`8 to 128 characters with an uppercase letter, a lowercase letter, a number and one of ${passwordSpecials}`}
          error={errors.password?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          visibilityToggleButtonProps={passwordToggleProps}
          {...form.register('confirmPassword')}
        />
        <Stack gap={6}>
          <Controller
            control={form.control}
            name="termsAccepted"
            render={({ field }) => (
              <Checkbox
                label="I have read and accept the Terms of Use and the Privacy Policy"
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.termsAccepted?.message}
              />
            )}
          />
          <Text fz="sm" c="dimmed" pl={32}>
            Read the{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => setReading('terms')}>
              Terms of Use
            </Anchor>{' '}
            and the{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => setReading('privacy')}>
              Privacy Policy
            </Anchor>
          </Text>
        </Stack>
        <TermsModal
          opened={reading === 'terms'}
          title={termsModalTitle}
          documents={['terms']}
          onClose={() => setReading(null)}
          onAccept={() => {
            form.setValue('termsAccepted', true, { shouldValidate: form.formState.isSubmitted });
            setReading(null);
          }}
          intro={
            <Text fz="sm">
              Accepting the Terms of Use also confirms that you have read the Privacy Policy.
            </Text>
          }
        />
        <TermsModal
          opened={reading === 'privacy'}
          title="Privacy Policy"
          documents={['privacy']}
          onClose={() => setReading(null)}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Create account
        </Button>
        <Text ta="center" fz="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={withMobileFlag('/auth/login/client', mobile)} inherit>
            Client login
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to={withMobileFlag('/auth/login', mobile)} inherit>
            Provider login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
