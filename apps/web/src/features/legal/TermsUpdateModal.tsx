import { Anchor, Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { legalDocuments, legalMessages, termsModalTitle, type LegalDocumentId } from '@mindledger/domain';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { logout } from '../auth';
import { legalApi, legalKeys, type AcceptanceStatus } from './api';
import { TermsModal } from './TermsModal';

interface TermsUpdateModalProps {
  userId: string;
  status: AcceptanceStatus;
  /** The user follows the link to the pages that stay open. */
  onLeave: () => void;
}

function changedNames(documents: LegalDocumentId[]): string {
  return documents
    .map((id) => legalDocuments[id].title.replace(' and Data Protection Framework', ''))
    .join(' and ');
}

/** The blocking Terms modal after sign-in, while a current version is not accepted (decision 094). */
export default function TermsUpdateModal({ userId, status, onLeave }: TermsUpdateModalProps) {
  const queryClient = useQueryClient();
  const documents = status.pending.map((p) => p.document);
  const firstTime = status.accepted.length === 0;
  const accept = useMutation({
    mutationFn: () =>
      legalApi.accept(status.pending.map((p) => ({ document: p.document, version: p.version }))),
    onSuccess: (next) => {
      queryClient.setQueryData(legalKeys.acceptance(userId), next);
      toast.success(legalMessages.accepted);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      // A newer version came while the modal was open: read what is asked now.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: legalKeys.acceptance(userId) });
    },
  });
  const names = changedNames(documents);
  return (
    <TermsModal
      opened
      blocking
      title={termsModalTitle}
      documents={documents}
      versions={Object.fromEntries(status.pending.map((p) => [p.document, p.version]))}
      onClose={() => undefined}
      onAccept={() => accept.mutate()}
      accepting={accept.isPending}
      intro={
        <>
          <Text fz="sm">
            {firstTime
              ? `Please read and accept our ${names} to continue using MindLedger.`
              : `We have updated our ${names}. Please read the new version and accept it to continue using MindLedger.`}
          </Text>
          <Text fz="sm" c="dimmed">
            Not ready to accept? You can still{' '}
            <Anchor component={Link} to="/profile/privacy" onClick={onLeave} inherit>
              download your data or delete your account
            </Anchor>
            , or log out.
          </Text>
        </>
      }
      secondary={
        <Button variant="default" onClick={() => void logout()}>
          Log out
        </Button>
      }
    />
  );
}
