import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { legalDocuments, type LegalDocumentId } from '@mindledger/domain';

const footerDocuments: LegalDocumentId[] = ['terms', 'privacy', 'hipaa-notice'];

/** The legal pages, linked from the sign-in and registration pages' footer (readable signed out). */
export function LegalFooterLinks() {
  return (
    <nav aria-label="Legal">
      <Group justify="center" gap="md" fz="xs">
        {footerDocuments.map((id) => (
          <Anchor
            key={id}
            component={Link}
            to={legalDocuments[id].path}
            fz="xs"
            c="dimmed"
            underline="always"
          >
            {legalDocuments[id].shortTitle}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
