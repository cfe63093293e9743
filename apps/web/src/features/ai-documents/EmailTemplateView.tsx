import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconNotes } from '@tabler/icons-react';
import {
  aiDocumentMessages,
  documentTexts,
  emailBodyParts,
  emailTemplateText,
  initialJourneySections,
  type EmailTemplate,
} from '@mindledger/domain';
import { AiDisclaimer, DocumentDisclaimer } from './AiDisclaimer';
import { DocHeading, DocRoot, DocText, EmptyDoc, level } from './DocParts';
import { useDocument } from './useDocument';
import classes from './ai-documents.module.css';

const emptyText = initialJourneySections.find((s) => s.kind === 'emailTemplate')?.empty ?? '';
/** How long 'Email template copied to clipboard!' stays (Part 2 §2). */
export const copiedNoticeMs = 3_000;

export interface EmailTemplateViewProps {
  template: EmailTemplate | string | null | undefined;
  /** The level of the template's title. */
  headingLevel?: number;
}

type CopyState = 'idle' | 'copied' | 'failed';

function useCopyEmail(doc: EmailTemplate | null) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  async function copy() {
    if (timer.current) clearTimeout(timer.current);
    try {
      if (!doc || typeof navigator.clipboard?.writeText !== 'function') throw new Error('No clipboard');
      await navigator.clipboard.writeText(emailTemplateText(doc));
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), copiedNoticeMs);
    } catch {
      setState('failed');
    }
  }
  return { state, copy };
}

/** The request email (Part 2 §2), ready to copy into the client's own mail program. */
export function EmailTemplateView({ template, headingLevel = 2 }: EmailTemplateViewProps) {
  const doc = useDocument('emailTemplate', template);
  const { state, copy } = useCopyEmail(doc);
  if (!doc) return <EmptyDoc text={emptyText} />;
  return (
    <DocRoot label={doc.email_template.title}>
      <Stack gap={2}>
        <DocHeading order={level(headingLevel)} look="title">
          {doc.email_template.title}
        </DocHeading>
        <Text fz="sm" c="dimmed">
          Created {doc.email_template.creation_date}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="sm">
        <Text fz="sm" className={classes.text}>
          <Text span fw={600} fz="sm">
            Subject:{' '}
          </Text>
          {doc.subject_line}
        </Text>
      </Paper>
      {doc.notes && (
        <Alert
          role="note"
          variant="light"
          color="yellow"
          title={documentTexts.notes}
          icon={<IconNotes aria-hidden="true" />}
        >
          <DocText>{doc.notes}</DocText>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" className={classes.email} aria-label="Email">
        <Stack gap="sm">
          {emailBodyParts(doc).map((part, index) => (
            <DocText key={index}>{part}</DocText>
          ))}
        </Stack>
      </Paper>
      {doc.disclaimer && <DocumentDisclaimer>{doc.disclaimer}</DocumentDisclaimer>}
      <Group gap="sm" className={classes.noPrint}>
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden="true" />}
          onClick={() => void copy()}
        >
          {aiDocumentMessages.copyToClipboard}
        </Button>
        <Text role="status" fz="sm" className={classes.success} aria-live="polite">
          {state === 'copied' && (
            <>
              <IconCheck size={14} aria-hidden="true" /> {aiDocumentMessages.emailCopied}
            </>
          )}
        </Text>
      </Group>
      {state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {aiDocumentMessages.emailCopyFailed}
        </Alert>
      )}
      <AiDisclaimer />
    </DocRoot>
  );
}
