import { Text } from '@mantine/core';
import { aiDocumentMessages } from '@mindledger/domain';
import classes from './ai-documents.module.css';

/**
 * The AI-summary disclaimer (Part 2 §2), under every generated document; a document made from
 * something else than the reader's own journal (a provider's notes summary) says so instead.
 */
export function AiDisclaimer({ text = aiDocumentMessages.disclaimer }: { text?: string }) {
  return (
    <Text component="p" role="note" fz="xs" c="dimmed" m={0} px="sm" py={6} className={classes.disclaimer}>
      {text}
    </Text>
  );
}

/** A document's own disclaimer text, in the same quiet style. */
export function DocumentDisclaimer({ children }: { children: string }) {
  return (
    <Text component="p" fz="xs" c="dimmed" m={0} className={classes.text}>
      {children}
    </Text>
  );
}
