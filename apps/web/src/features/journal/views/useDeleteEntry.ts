import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { journalApi, journalKeys, type EntryPage } from '../api';
import { rememberDeletedId } from './deleted-ids';

export const deleteFailedMessage = 'Failed to delete the journal entry. It has been restored.';
export const deletedMessage = 'Journal entry deleted';

const listPrefix = [...journalKeys.all, 'list'] as const;

/**
 * DELETE delete-mood/{id}, applied optimistically to the cached lists and rolled back on failure
 * (Part 1 §7). A successful deletion is remembered in the local deleted-ids list.
 */
export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => journalApi.remove(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: listPrefix });
      const snapshot = queryClient.getQueriesData<EntryPage>({ queryKey: listPrefix });
      queryClient.setQueriesData<EntryPage>({ queryKey: listPrefix }, (page) => {
        if (!page || !page.data.some((entry) => entry.id === id)) return page;
        return {
          ...page,
          data: page.data.filter((entry) => entry.id !== id),
          total: Math.max(0, page.total - 1),
        };
      });
      return { snapshot };
    },
    onError: (error, _id, context) => {
      for (const [key, data] of context?.snapshot ?? ([] as [QueryKey, EntryPage | undefined][]))
        queryClient.setQueryData(key, data);
      console.error('delete-mood failed', error);
      toast.error(deleteFailedMessage);
    },
    onSuccess: (response, id) => {
      rememberDeletedId(id);
      toast.success(response?.message || deletedMessage);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
