import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../ui/states';
import { useCurrentUser } from '../../auth';
import { journalApi, journalKeys, type JournalEntry } from '../api';
import { OutboxEntries } from '../offline/OutboxEntries';
import { entryCount } from './entry-count';
import { withoutDeleted } from './deleted-ids';
import { LedgerItem } from './LedgerItem';
import { useDeleteEntry } from './useDeleteEntry';
import { useHomeToday } from './useHomeToday';
import { journalingPath } from './WeekJourneyCard';

export const ledgerPageSize = 10;
export const allMoodFetchFailed = 'all mood fetch failed';
const searchDebounceMs = 300;

/** The client's journal entries, newest first, searchable; the search lives in the URL (?search=). */
export function EntryLedger() {
  const titleId = useId();
  const today = useHomeToday();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  const [debounced] = useDebouncedValue(text.trim(), searchDebounceMs);
  const [page, setPage] = useState(1);
  const remove = useDeleteEntry();
  const user = useCurrentUser();

  // A link to /user/home?search=… while the page is open (the goals page's 'View in Ledger').
  useEffect(() => {
    setText((current) => (current.trim() === urlSearch.trim() ? current : urlSearch));
    setPage(1);
  }, [urlSearch]);

  useEffect(() => {
    // Only a settled value the user typed goes to the URL (not a stale one after a link changed it).
    if (debounced !== text.trim() || debounced === urlSearch.trim()) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [debounced, text, urlSearch, setParams]);

  const search = urlSearch.trim();
  const list = useQuery({
    queryKey: journalKeys.list(page, ledgerPageSize, search),
    queryFn: ({ signal }) =>
      journalApi.list({ page, limit: ledgerPageSize, search: search || undefined }, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.isError) console.error(allMoodFetchFailed, list.error);
  }, [list.isError, list.error]);

  // The confirmation dialog's code loads with the first deletion (decision 020).
  const confirmDelete = (entry: JournalEntry) =>
    void import('../../../ui/confirm').then(({ openConfirm }) =>
      openConfirm({
        title: 'Delete this journal entry?',
        children: (
          <Text fz="sm">
            Your {entry.mood} entry will be removed from your journal, your week and your statistics. This
            cannot be undone.
          </Text>
        ),
        labels: { confirm: 'Delete entry', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => remove.mutate(entry.id),
      }),
    );

  // The entries render after the cards beside them have painted (a deferred, interruptible render):
  // ten entries are the heaviest part of the home's first render with data, and on wide screens the
  // streak card's text is the page's largest paint (issue 18).
  const shown = useDeferredValue(list.data);

  const body = () => {
    if (list.isPending || (!shown && !list.isError)) {
      return (
        <Stack gap="sm" role="status" aria-label="Loading your entries">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={112} radius="md" />
          ))}
        </Stack>
      );
    }
    if (list.isError) {
      return (
        <ErrorState
          title="Your entries could not be loaded"
          message={allMoodFetchFailed}
          onRetry={() => void list.refetch()}
        />
      );
    }
    if (!shown) return null;
    const entries = withoutDeleted(shown.data);
    if (entries.length === 0) {
      if (search) return <EmptyState title="No entries match your search.">Try other words.</EmptyState>;
      return (
        <Stack align="center" gap="sm" py="xl" ta="center">
          <Text fw={600}>No journal entries yet</Text>
          <Text c="dimmed" fz="sm" maw={360}>
            Your entries will appear here, newest first. Start with whatever is on your mind.
          </Text>
          <Button
            component={Link}
            to={journalingPath}
            leftSection={<IconPencilPlus size={16} aria-hidden="true" />}
          >
            Write your first entry
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        {entries.map((entry) => (
          <LedgerItem
            key={entry.id}
            entry={entry}
            today={today}
            onDelete={confirmDelete}
            deleting={remove.isPending && remove.variables === entry.id}
          />
        ))}
      </Stack>
    );
  };

  const pages = list.data?.pages ?? 1;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={titleId}>
              Your Journal
            </Title>
            {list.data && (
              <Text fz="sm" c="dimmed">
                {entryCount(list.data)} {list.data.total === 1 ? 'entry' : 'entries'}
                {search ? ` matching “${search}”` : ''}
                {list.data.totalCapped ? ' (the newest 1,000 are shown)' : ''}
              </Text>
            )}
          </Stack>
          <TextInput
            label="Search entries"
            placeholder="Words, moods, emotions..."
            type="search"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
        {user && !search && <OutboxEntries userId={user.id} />}
        <div aria-busy={list.isFetching} aria-live="polite">
          {body()}
        </div>
        {pages > 1 && (
          <Group justify="space-between" gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Newer entries
            </Button>
            <Text fz="sm" c="dimmed">
              Page {page} of {pages}
            </Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden="true" />}
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older entries
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
