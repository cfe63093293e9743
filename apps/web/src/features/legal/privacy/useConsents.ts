import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentsView } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../ui/toast';
import { legalApi, legalKeys } from '../api';

/** A client's consents (GET consents). */
export function useConsents(userId: string) {
  return useQuery({
    queryKey: legalKeys.consents(userId),
    queryFn: ({ signal }) => legalApi.consents(signal),
  });
}

/**
 * A change of consent: the answer is the consents as they now stand, put in the cache at once;
 * the server's message is the toast.
 */
export function useConsentChange<T>(
  userId: string,
  change: (input: T) => Promise<{ data: ConsentsView; message?: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      queryClient.setQueryData(legalKeys.consents(userId), answer.data);
      if (answer.message) toast.success(answer.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: legalKeys.consents(userId) });
    },
  });
}
