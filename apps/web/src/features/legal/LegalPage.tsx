import { useEffect } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { homeForRole, legalDocumentIds, legalDocuments, type LegalDocumentId } from '@mindledger/domain';
import { useDocumentTitle } from '../../ui/PageTitle';
import { useCurrentUser } from '../auth';
import { LegalDocumentView } from './LegalDocumentView';
import { useLegalDocument } from './useLegalDocument';

/** After the text has loaded, a link such as /legal/privacy#ai-processing lands on its section. */
function useHashTarget(id: LegalDocumentId) {
  const { hash } = useLocation();
  const { document } = useLegalDocument(id);
  useEffect(() => {
    if (!document || !hash) return;
    const target = window.document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [document, hash]);
}

function OtherDocuments({ current }: { current: LegalDocumentId }) {
  return (
    <nav aria-label="Legal documents">
      <Group gap="xs" wrap="wrap" fz="sm">
        {legalDocumentIds.map((id) =>
          id === current ? (
            <Text key={id} fz="sm" fw={600} aria-current="page">
              {legalDocuments[id].shortTitle}
            </Text>
          ) : (
            <Anchor key={id} component={Link} to={legalDocuments[id].path} fz="sm">
              {legalDocuments[id].shortTitle}
            </Anchor>
          ),
        )}
      </Group>
    </nav>
  );
}

/** A public legal page (/legal/…): readable signed in or out, printable, linkable by section. */
export function LegalPage({ document }: { document: LegalDocumentId }) {
  const user = useCurrentUser();
  useDocumentTitle(legalDocuments[document].title);
  useHashTarget(document);
  const back = user
    ? { to: homeForRole(user.userRole), label: 'Back to MindLedger' }
    : { to: '/auth/login/client', label: 'Back to sign in' };
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to={back.to} fz="sm">
          ← {back.label}
        </Anchor>
      </Group>
      <OtherDocuments current={document} />
      <LegalDocumentView id={document} headingLevel={1} />
    </Stack>
  );
}
