import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { crisisResources } from '@mindledger/domain';
import type { Safety } from '../api';

/** Crisis resources (ruling 12), shown when what the user wrote expresses risk. */
export function CrisisResources({ level }: { level: Safety['level'] }) {
  return (
    <Alert
      color={level === 'crisis' ? 'red' : 'orange'}
      icon={<IconHeartHandshake size={20} aria-hidden="true" />}
      title={crisisResources.heading}
      role="alert"
      mb="sm"
    >
      <List size="sm" spacing={4}>
        {crisisResources.lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** After saving an entry that expresses risk: the resources first, then home. */
export function CrisisDialog({ safety, onClose }: { safety: Safety | null; onClose(): void }) {
  return (
    <Modal opened={safety !== null} onClose={onClose} title="Your entry is saved" size="lg">
      <Stack>
        <Text>Thank you for writing this down. What you shared sounds really hard.</Text>
        {safety ? <CrisisResources level={safety.level} /> : null}
        <Button onClick={onClose}>Continue</Button>
      </Stack>
    </Modal>
  );
}
