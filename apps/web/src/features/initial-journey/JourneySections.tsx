import { useState } from 'react';
import { Accordion, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { initialJourneySections, type SharedSummaryKind } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import {
  journeyApi,
  journeyKeys,
  type DocumentShare,
  type JourneyDocumentKind,
  type JourneyMessage,
  type JourneySections as Sections,
} from './api';
import { DocumentActions } from './DocumentActions';
import { DocumentView } from './DocumentView';
import classes from './InitialJourney.module.css';

interface JourneySectionsProps {
  sections: Sections;
  messages: JourneyMessage[];
  /** Providers read; they see no Generate, Copy, Download PDF or Share (Part 2 §2, §6). */
  viewer: 'patient' | 'provider';
  onSubscriptionNeeded?(message: string): void;
}

/** The Initial Journey accordion: the five sections of Part 2 §2, in order. */
export function JourneySections({ sections, messages, viewer, onSubscriptionNeeded }: JourneySectionsProps) {
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState<Set<JourneyDocumentKind>>(new Set());
  const generate = useMutation({
    mutationFn: (kind: JourneyDocumentKind) => journeyApi.generate(kind),
    onMutate: (kind) => setGenerating((s) => new Set(s).add(kind)),
    onSettled: (_data, _error, kind) =>
      setGenerating((s) => {
        const next = new Set(s);
        next.delete(kind);
        return next;
      }),
    onSuccess: (result) => {
      if (result.success) toast.success(result.message);
      else toast.error(result.message);
      void queryClient.invalidateQueries({ queryKey: journeyKeys.sections() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403 && onSubscriptionNeeded)
        onSubscriptionNeeded(error.message);
      else toast.error(errorMessage(error));
    },
  });

  const sharesOf = (kind: SharedSummaryKind, documentId: string | null) =>
    sections.shares.filter((s) => s.kind === kind && (kind === 'chatHistory' || s.documentId === documentId));

  return (
    <Accordion variant="separated" multiple defaultValue={[]} chevronPosition="right">
      {initialJourneySections.map((section) => {
        const isChat = section.kind === 'chatHistory';
        const document = isChat ? null : sections.documents[section.kind];
        const hasContent = isChat ? messages.length > 0 : document !== null;
        const busy = !isChat && generating.has(section.kind);
        return (
          <Accordion.Item key={section.kind} value={section.kind}>
            <Accordion.Control>
              <Text fw={600}>{section.title}</Text>
            </Accordion.Control>
            <Accordion.Panel className={classes.section}>
              {busy ? (
                <Group gap="xs" role="status" aria-live="polite">
                  <Loader size="sm" aria-hidden="true" />
                  <Text fz="sm">Generating</Text>
                </Group>
              ) : !hasContent ? (
                <Stack gap="xs" align="flex-start">
                  <Text c="dimmed" fz="sm">
                    {section.empty}
                  </Text>
                  {viewer === 'patient' && !isChat && (
                    <Button size="xs" onClick={() => generate.mutate(section.kind as JourneyDocumentKind)}>
                      Generate
                    </Button>
                  )}
                </Stack>
              ) : (
                <Stack gap="sm">
                  {viewer === 'patient' && (
                    <DocumentActions
                      kind={section.kind}
                      title={section.title}
                      content={isChat ? messages : document!.content}
                      documentId={document?.id ?? null}
                      privateEntries={document?.privateEntriesUsed ?? 0}
                      shares={sharesOf(section.kind, document?.id ?? null) as DocumentShare[]}
                      onRegenerate={
                        isChat ? undefined : () => generate.mutate(section.kind as JourneyDocumentKind)
                      }
                    />
                  )}
                  <DocumentView
                    kind={section.kind}
                    content={isChat ? messages : document!.content}
                    viewer={viewer}
                  />
                </Stack>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
