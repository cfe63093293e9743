import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import {
  legalDocuments,
  marketingAuthorizationSchema,
  type ConsentsView,
  type MarketingAuthorizationInput,
  type MarketingStatus,
} from '@mindledger/domain';
import { openConfirm } from '../../../ui/confirm';
import { formatDate } from '../../../ui/format';
import { legalApi } from '../api';
import { LegalDocumentView } from '../LegalDocumentView';
import { LegalPanel } from '../LegalPanel';
import { Section } from './Section';
import { useConsentChange } from './useConsents';

const statusBadge: Record<MarketingStatus, { label: string; color: string }> = {
  none: { label: 'Not granted', color: 'gray' },
  active: { label: 'Active', color: 'green' },
  revoked: { label: 'Revoked', color: 'red' },
  expired: { label: 'Expired', color: 'orange' },
};

const day = (iso: string | null) => formatDate(iso, 'MMMM D, YYYY');

function StatusLine({ marketing }: { marketing: ConsentsView['marketing'] }) {
  const badge = statusBadge[marketing.status];
  const detail =
    marketing.status === 'active'
      ? `Signed as ${marketing.signature ?? ''} on ${day(marketing.grantedAt)}. Valid until ${day(marketing.expiresAt)}, unless you revoke it first.`
      : marketing.status === 'revoked'
        ? `You revoked it on ${day(marketing.revokedAt)}. MindLedger does not use your information for marketing.`
        : marketing.status === 'expired'
          ? `It expired on ${day(marketing.expiresAt)}. MindLedger does not use your information for marketing.`
          : 'You have not granted it. MindLedger does not use your information for marketing.';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Badge variant="light" color={badge.color} style={{ flex: 'none' }}>
        {badge.label}
      </Badge>
      <Text fz="sm" data-testid="marketing-status">
        {detail}
      </Text>
    </Group>
  );
}

function GrantForm({ userId }: { userId: string }) {
  const grant = useConsentChange(userId, (input: MarketingAuthorizationInput) =>
    legalApi.grantMarketing(input),
  );
  const form = useForm<MarketingAuthorizationInput>({
    resolver: zodResolver(marketingAuthorizationSchema),
    defaultValues: {
      version: legalDocuments['marketing-authorization'].version,
      agree: false,
      signature: '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => grant.mutate(values));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Grant the marketing authorization">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="agree"
          render={({ field }) => (
            <Checkbox
              label="I have read this authorization and I grant it"
              checked={field.value === true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={errors.agree?.message}
            />
          )}
        />
        <TextInput
          label="Your full name (your signature)"
          autoComplete="name"
          maw={420}
          error={errors.signature?.message}
          {...form.register('signature')}
        />
        <Group>
          <Button type="submit" loading={grant.isPending}>
            Grant authorization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The HIPAA marketing authorization: its text, grant with a typed signature, its expiry, revoke. */
export function MarketingAuthorization({ userId, consents }: { userId: string; consents: ConsentsView }) {
  const revoke = useConsentChange(userId, () => legalApi.revokeMarketing());
  const { marketing } = consents;
  const confirmRevoke = () =>
    void openConfirm({
      title: 'Revoke the marketing authorization?',
      children: (
        <Text fz="sm">
          MindLedger stops using your information for marketing at once. You can grant it again later.
        </Text>
      ),
      labels: { confirm: 'Revoke authorization', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(undefined),
    });
  return (
    <Section
      id="marketing"
      title="Marketing authorization"
      description="Voluntary: your care and your use of MindLedger never depend on it. It lasts until you revoke it or for three years, whichever comes first."
    >
      <StatusLine marketing={marketing} />
      <LegalPanel label={legalDocuments['marketing-authorization'].title}>
        <LegalDocumentView
          id="marketing-authorization"
          headingLevel={3}
          idPrefix="consents-marketing-"
          linksInNewTab
          size="sm"
        />
      </LegalPanel>
      {marketing.status === 'active' ? (
        <Group>
          <Button color="red" variant="light" onClick={confirmRevoke} loading={revoke.isPending}>
            Revoke authorization
          </Button>
        </Group>
      ) : (
        <GrantForm userId={userId} />
      )}
    </Section>
  );
}
