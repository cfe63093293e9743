import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { LoadingState } from '../../ui/states';
import { legalApi, legalKeys } from './api';

const TermsUpdateModal = lazy(() => import('./TermsUpdateModal'));

/**
 * Pages a user may still open before accepting a new version: to take their data away or close
 * their account instead (decision 094).
 */
export const pathsOpenBeforeAcceptance: readonly string[] = [
  '/profile/privacy',
  '/profile/backup',
  '/profile/edit-profile',
];

/** What the signed-in user still has to accept (GET legal/acceptance), checked again on focus. */
export function useLegalAcceptance(userId: string) {
  return useQuery({
    queryKey: legalKeys.acceptance(userId),
    queryFn: ({ signal }) => legalApi.acceptance(signal),
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * Holds the signed-in app until the current Terms of Service and Privacy Policy are accepted: the
 * Terms modal ('Terms of Use', 'Accept') instead of the page; on the pages that stay open, a notice
 * with the way back to it. The modal's code loads only when something is to be accepted.
 */
export function LegalGate({ userId, children }: { userId: string; children: ReactNode }) {
  const { data } = useLegalAcceptance(userId);
  const { pathname } = useLocation();
  const [reviewing, setReviewing] = useState(false);
  if (!data || data.pending.length === 0) return children;
  const open = reviewing || !pathsOpenBeforeAcceptance.includes(pathname);
  return (
    <>
      {!open && (
        <>
          <Alert color="yellow" variant="light" mb="md" title="Please accept the updated Terms of Use">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">
                You can download your data or delete your account here; everything else waits for your answer.
              </Text>
              <Button size="xs" onClick={() => setReviewing(true)}>
                Review and accept
              </Button>
            </Group>
          </Alert>
          {children}
        </>
      )}
      {open && (
        <Suspense fallback={<LoadingState />}>
          <TermsUpdateModal userId={userId} status={data} onLeave={() => setReviewing(false)} />
        </Suspense>
      )}
    </>
  );
}
