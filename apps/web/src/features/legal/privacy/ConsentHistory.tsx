import { Stack, Text } from '@mantine/core';
import type { ConsentEventView, ConsentsView } from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import { Section } from './Section';

function describeEvent(event: ConsentEventView): string {
  switch (event.kind) {
    case 'research_opt_out':
      return 'Opted out of research use of de-identified data';
    case 'research_opt_in':
      return 'Allowed research use of de-identified data again';
    case 'marketing_granted':
      return `Granted the marketing authorization (version ${event.version ?? '1.0'}), valid until ${formatDate(event.expiresAt, 'MMMM D, YYYY')}`;
    case 'marketing_revoked':
      return 'Revoked the marketing authorization';
  }
}

/** Every change of the client's consents, newest first. */
export function ConsentHistory({ consents }: { consents: ConsentsView }) {
  return (
    <Section id="consent-history" title="History of your choices">
      {consents.history.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No changes yet.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {consents.history.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <Text fz="sm">{describeEvent(event)}</Text>
              <Text fz="xs" c="dimmed">
                {formatDate(event.at, 'MMMM D, YYYY [at] h:mm A')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
