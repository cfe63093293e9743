import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { legalDocuments, termsModalAction, type LegalDocumentId } from '@mindledger/domain';
import { LegalDocumentView } from './LegalDocumentView';
import { LegalPanel } from './LegalPanel';

export interface TermsModalProps {
  opened: boolean;
  /** 'Terms of Use' makes the one button 'Accept'; any other title makes it 'Close' (Part 2 §2). */
  title: string;
  /** The documents shown: one in a panel, several in tabs of panels. */
  documents: LegalDocumentId[];
  onClose: () => void;
  /** What 'Accept' does (the modal stays open until the caller closes it). */
  onAccept?: () => void;
  accepting?: boolean;
  /** A modal that must be answered: no close button, Escape and the backdrop do nothing. */
  blocking?: boolean;
  /** Text above the documents. */
  intro?: ReactNode;
  /** Another button beside the main one (e.g. 'Log out'). */
  secondary?: ReactNode;
  /** The versions the server asks for, by document (shown in place of the bundled ones). */
  versions?: Partial<Record<LegalDocumentId, string>>;
}

function DocumentPanel({ id, version }: { id: LegalDocumentId; version?: string | undefined }) {
  return (
    <LegalPanel label={legalDocuments[id].title}>
      <LegalDocumentView
        id={id}
        headingLevel={3}
        idPrefix={`modal-${id}-`}
        linksInNewTab
        size="sm"
        version={version}
      />
    </LegalPanel>
  );
}

/** The Terms modal: legal documents in scrollable panels, with 'Accept' or 'Close' by its title. */
export function TermsModal(props: TermsModalProps) {
  const { opened, title, documents, onClose, onAccept, accepting, blocking, intro, secondary, versions } =
    props;
  const action = termsModalAction(title);
  const [tab, setTab] = useState<string | null>(documents[0] ?? null);
  const first = documents[0];
  // On a phone the modal takes the whole screen: the 60 vh panel, the text and the buttons all fit.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      fullScreen={phone}
      opened={opened}
      onClose={blocking ? () => undefined : onClose}
      title={title}
      size="xl"
      centered
      withCloseButton={!blocking}
      closeOnEscape={!blocking}
      closeOnClickOutside={!blocking}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {intro}
        {documents.length > 1 ? (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow>
              {documents.map((id) => (
                <Tabs.Tab key={id} value={id}>
                  {legalDocuments[id].shortTitle}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {documents.map((id) => (
              <Tabs.Panel key={id} value={id} pt="sm">
                <DocumentPanel id={id} version={versions?.[id]} />
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          first && <DocumentPanel id={first} version={versions?.[first]} />
        )}
        <Group justify="flex-end" gap="sm">
          {secondary}
          {action === 'Accept' ? (
            <Button onClick={onAccept} loading={accepting}>
              Accept
            </Button>
          ) : (
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
