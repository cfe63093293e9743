import { Stack, Switch, Text } from '@mantine/core';
import type { ConsentsView } from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import { legalApi } from '../api';
import { Section } from './Section';
import { useConsentChange } from './useConsents';

/** Research use of de-identified data: allowed unless the client opts out (Terms §10). */
export function ResearchConsent({ userId, consents }: { userId: string; consents: ConsentsView }) {
  const change = useConsentChange(userId, (optOut: boolean) => legalApi.setResearch(optOut));
  const { optedOut, updatedAt } = consents.research;
  return (
    <Section
      id="research"
      title="Research use of de-identified data"
      description="De-identified data has your name, contact details, journal text and anything else that could identify you removed. It may be used to study and improve mental health support."
    >
      <Stack gap="xs">
        {/* The explanation stays outside the switch's label, so its name is the label alone. */}
        <Switch
          label="Allow research use of my de-identified data"
          aria-describedby="research-consent-state"
          checked={!optedOut}
          disabled={change.isPending}
          onChange={(event) => change.mutate(!event.currentTarget.checked)}
        />
        <Text id="research-consent-state" fz="sm" c="dimmed">
          {optedOut
            ? 'You opted out: your data is left out of every research use from the moment you chose.'
            : 'Turn this off to opt out. It applies at once to every later use.'}
        </Text>
        {updatedAt && (
          <Text fz="xs" c="dimmed">
            Last changed {formatDate(updatedAt, 'MMMM D, YYYY [at] h:mm A')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
