import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { crisisResourcesFor, type CrisisResources as Resources } from '@mindledger/domain';
import { useCurrentUser } from '../../auth';
import type { Safety } from '../api';

/**
 * The crisis resources to show: the ones the server answered with (the person's country, from the
 * deployment's table), else those of the signed-in user's profile time zone (ruling 12;
 * packages/domain/src/safety/crisis-lines.ts).
 */
export function useCrisisResources(given?: Resources | null): Resources {
  const user = useCurrentUser();
  return given ?? crisisResourcesFor({ timeZone: user?.timezone });
}

/**
 * Every number as a link a phone can dial or text; each link's name says whom it reaches ("Call
 * Samaritans 116 123"). The international fallback's website opens in a new tab.
 */
export function CrisisContacts({ resources, color = 'red' }: { resources: Resources; color?: string }) {
  return (
    <Group gap="xs">
      {resources.contacts.map((contact) => (
        <Button
          key={contact.href}
          component="a"
          href={contact.href}
          size="xs"
          color={color}
          variant="filled"
          {...(contact.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {contact.label}
        </Button>
      ))}
    </Group>
  );
}

/** Crisis resources (ruling 12), shown when what the user wrote expresses risk. */
export function CrisisResources({
  level,
  resources: given,
}: {
  level: Safety['level'];
  /** The server's answer's resources, when it carries them. */
  resources?: Resources | null;
}) {
  const resources = useCrisisResources(given);
  const color = level === 'crisis' ? 'red' : 'orange';
  return (
    <Alert
      color={color}
      icon={<IconHeartHandshake size={20} aria-hidden="true" />}
      title={resources.heading}
      role="alert"
      mb="sm"
    >
      <Stack gap="xs">
        <List size="sm" spacing={4}>
          {resources.lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <CrisisContacts resources={resources} color={level === 'crisis' ? 'red' : 'orange.9'} />
      </Stack>
    </Alert>
  );
}

/** After saving an entry that expresses risk: the resources first, then home. */
export function CrisisDialog({ safety, onClose }: { safety: Safety | null; onClose(): void }) {
  return (
    <Modal opened={safety !== null} onClose={onClose} title="Your entry is saved" size="lg">
      <Stack>
        <Text>Thank you for writing this down. What you shared sounds really hard.</Text>
        {safety ? <CrisisResources level={safety.level} resources={safety.resources} /> : null}
        <Button onClick={onClose}>Continue</Button>
      </Stack>
    </Modal>
  );
}
