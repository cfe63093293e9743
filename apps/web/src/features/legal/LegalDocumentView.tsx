import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { legalDocuments, versionLine, type LegalDocumentId } from '@mindledger/domain';
import { ErrorState, LoadingState } from '../../ui/states';
import { LegalMarkdown } from './LegalMarkdown';
import { useLegalDocument } from './useLegalDocument';
import classes from './legal.module.css';

export interface LegalDocumentViewProps {
  id: LegalDocumentId;
  /** The HTML level of the document's title; its sections are one below. */
  headingLevel: number;
  /** Show the document's own title and version line (a page names the document itself). */
  withTitle?: boolean;
  idPrefix?: string;
  linksInNewTab?: boolean;
  size?: 'sm' | 'md';
  /** The version to show when the server asks for another than the bundled one (tests' versions). */
  version?: string;
}

/** One legal document: its title, version and effective date, and its text, with loading and error states. */
export function LegalDocumentView(props: LegalDocumentViewProps) {
  const { id, headingLevel, withTitle = true, idPrefix, linksInNewTab, size = 'md' } = props;
  const { document, loading, failed, retry } = useLegalDocument(id);
  const info = legalDocuments[id];
  if (failed)
    return (
      <ErrorState
        title="This document could not be loaded"
        message="Check your connection and try again."
        onRetry={retry}
      />
    );
  if (loading || !document) return <LoadingState label={`Loading the ${info.shortTitle}...`} />;
  return (
    <Stack gap="md" className={classes.text}>
      {withTitle && (
        <Stack gap={2}>
          <Title
            order={Math.min(Math.max(headingLevel, 1), 6) as TitleOrder}
            size={size === 'sm' ? 'h4' : 'h2'}
          >
            {info.title}
          </Title>
          <Text fz="sm" c="dimmed">
            {versionLine({ version: props.version ?? info.version, effectiveDate: info.effectiveDate })}
          </Text>
        </Stack>
      )}
      <LegalMarkdown
        blocks={document.blocks}
        headingLevel={headingLevel + 1}
        idPrefix={idPrefix}
        linksInNewTab={linksInNewTab}
        size={size}
      />
    </Stack>
  );
}
