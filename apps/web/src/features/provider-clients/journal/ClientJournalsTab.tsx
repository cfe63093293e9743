import { useId, useRef, useState } from 'react';
import { Button, Card, CloseButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../../ui/states';
import { entryCount, todayIn } from '../../journal';
import {
  allMoodFetchFailed,
  clientJournalApi,
  clientJournalKeys,
  noEntriesHint,
  noEntriesTitle,
} from './api';
import { ClientEntryCard } from './ClientEntryCard';
import classes from './ClientJournal.module.css';

interface ClientJournalsTabProps {
  patientId: string;
  /** The client's first name, used to label their lines in a conversation. */
  clientName?: string;
  /** The client's IANA time zone (their entries' days are theirs). */
  timeZone?: string | null;
}

/** The provider's Journals tab: the client's shared entries, newest first, searchable, 10 a page. */
export function ClientJournalsTab({ patientId, clientName = 'Client', timeZone }: ClientJournalsTabProps) {
  const titleId = useId();
  const listTop = useRef<HTMLHeadingElement>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 350);
  // The page belongs to a search: a new search starts again from the newest entries.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const today = todayIn(timeZone);

  const entries = useQuery({
    queryKey: clientJournalKeys.list(patientId, page, search),
    queryFn: ({ signal }) => clientJournalApi.list(patientId, { page, search }, signal),
    placeholderData: keepPreviousData,
  });

  const goTo = (next: number) => {
    setPaging({ search, page: next });
    listTop.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const data = entries.data;
  const pages = Math.max(1, data?.pages ?? 1);
  const countText = !data
    ? ''
    : search
      ? `${entryCount(data)} ${data.total === 1 ? 'entry matches' : 'entries match'} “${search}”${data.totalCapped ? ' (the newest 1,000 are shown)' : ''}`
      : `${data.total} shared ${data.total === 1 ? 'entry' : 'entries'}`;

  const body = () => {
    if (entries.isPending) {
      return (
        <Stack gap="sm" role="status" aria-label="Loading journal entries">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={132} radius="md" />
          ))}
        </Stack>
      );
    }
    if (entries.isError) {
      return (
        <ErrorState
          title="The client’s journal could not be loaded"
          message={allMoodFetchFailed}
          onRetry={() => void entries.refetch()}
        />
      );
    }
    if (entries.data.total === 0 && !search) {
      return <EmptyState title={noEntriesTitle}>{noEntriesHint}</EmptyState>;
    }
    if (entries.data.data.length === 0) {
      return (
        <Stack align="center" gap="xs" py="xl">
          <Text fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
            No entries match “{search}”.
          </Text>
          <Button variant="light" size="xs" onClick={() => setSearchInput('')}>
            Clear search
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
        {entries.data.data.map((entry) => (
          <li key={entry.id}>
            <ClientEntryCard entry={entry} today={today} clientName={clientName} />
          </li>
        ))}
      </Stack>
    );
  };

  return (
    <Card withBorder radius="lg" className={classes.panel} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div className={classes.toolbar}>
          <Stack gap={2}>
            <Title order={2} fz="lg" id={titleId} ref={listTop} style={{ scrollMarginTop: 80 }}>
              Journal entries
            </Title>
            <Text fz="sm" c="dimmed" role="status" aria-live="polite">
              {countText}
            </Text>
          </Stack>
          <TextInput
            className={classes.search}
            label="Search entries"
            placeholder="Words in notes, moods, emotions or goals"
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            maxLength={200}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              searchInput ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchInput('')} />
              ) : null
            }
          />
        </div>
        <div aria-busy={entries.isFetching}>{body()}</div>
        {data && data.total > 0 && pages > 1 && (
          <Group justify="space-between" gap="sm" component="nav" aria-label="Journal pages">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            >
              Newer
            </Button>
            <Text fz="sm" c="dimmed">
              Page {Math.min(page, pages)} of {pages}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden="true" />}
              disabled={!data.hasNext}
              onClick={() => goTo(page + 1)}
            >
              Older
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
