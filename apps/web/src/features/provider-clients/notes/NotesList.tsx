import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { NoteCategory } from '@mindledger/domain';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import {
  clinicalNotesApi,
  clinicalNotesKeys,
  notesPageSize,
  type Note,
  type NotesParams,
  type NoteStatusFilter,
} from './api';
import { NoteCategoryBadge, NoteStatusBadge, PriorityBadge } from './NoteBadges';
import { categoryOptions, sessionWhen } from './note-labels';
import documents from '../documents/documents.module.css';
import classes from './notes.module.css';

const categoryFilterOptions = [{ value: '', label: 'All categories' }, ...categoryOptions];
const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'signed', label: 'Signed' },
  { value: 'draft', label: 'Drafts' },
];

interface NotesListProps {
  patientId: string;
  onOpen: (note: Note) => void;
  onNew: () => void;
}

/** The client's session notes, newest session first, filtered by category and status, paged. */
export function NotesList({ patientId, onOpen, onNew }: NotesListProps) {
  const [category, setCategory] = useState<NoteCategory | ''>('');
  const [status, setStatus] = useState<NoteStatusFilter | 'all'>('all');
  const [page, setPage] = useState(1);
  const params: NotesParams = {
    page,
    category: category || undefined,
    status: status === 'all' ? undefined : status,
  };
  const notes = useQuery({
    queryKey: clinicalNotesKeys.list(patientId, params),
    queryFn: ({ signal }) => clinicalNotesApi.list(patientId, params, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = category !== '' || status !== 'all';
  const pages = Math.max(1, Math.ceil((notes.data?.total ?? 0) / notesPageSize));

  const body = () => {
    if (notes.isPending) return <LoadingState label="Loading notes..." />;
    if (notes.isError)
      return (
        <ErrorState
          title="Unable to load the notes"
          message={errorMessage(notes.error)}
          onRetry={() => void notes.refetch()}
        />
      );
    if (notes.data.data.length === 0)
      return filtered ? (
        <EmptyState title="No notes match these filters.">Try another category or status.</EmptyState>
      ) : (
        <EmptyState title="No notes yet.">Write your first progress note for this client.</EmptyState>
      );
    return (
      <ul className={documents.list} aria-label="Session notes" aria-busy={notes.isFetching}>
        {notes.data.data.map((note) => (
          <NoteRow key={note.id} note={note} onOpen={() => onOpen(note)} />
        ))}
      </ul>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="session-notes-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="session-notes-title">
            Session Notes
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onNew}>
            New progress note
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Filter by category"
            data={categoryFilterOptions}
            value={category}
            onChange={(event) => {
              setCategory(event.currentTarget.value as NoteCategory | '');
              setPage(1);
            }}
            style={{ flex: '0 1 200px' }}
          />
          <SegmentedControl
            aria-label="Filter by status"
            data={statusOptions}
            value={status}
            onChange={(value) => {
              setStatus(value as NoteStatusFilter | 'all');
              setPage(1);
            }}
          />
        </Group>
        {body()}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              aria-label="Notes pages"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
              })}
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function NoteRow({ note, onOpen }: { note: Note; onOpen: () => void }) {
  const when = sessionWhen(note.date, note.timeFormatted);
  return (
    <li className={`${documents.row} ${classes.priority}`} data-priority={note.priority}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <UnstyledButton
            className={documents.rowTitle}
            onClick={onOpen}
            aria-label={`Open ${note.title}, ${when}`}
          >
            {note.title}
          </UnstyledButton>
          <Group gap={6} wrap="wrap">
            <NoteCategoryBadge category={note.category} />
            <PriorityBadge priority={note.priority} onlyRaised />
            <NoteStatusBadge isSigned={note.isSigned} />
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {when}
        </Text>
      </Stack>
    </li>
  );
}
