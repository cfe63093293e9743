import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { sessionNotes } from '@mindledger/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { fullName } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { clinicalNotesApi, clinicalNotesKeys, type SessionNote } from './api';
import { NoteStatusBadge } from './NoteBadges';
import { sessionWhen } from './note-labels';
import documents from '../documents/documents.module.css';
import classes from './notes.module.css';

/** The client's Notes/Plans tab (PatientOverviewPage reads `?tab=` case-insensitively). */
export function notesTabLink(patientId: string): string {
  return `/provider/patient-overview/${encodeURIComponent(patientId)}?tab=notes/plans`;
}

/**
 * The dashboard's Session Notes card (Part 2 §2, §9): the 50 newest notes across clients, polled
 * every 120 s; a focus refetch waits until the list is 30 s old. With the signed count of 30 days.
 */
export function SessionNotesCard() {
  const notes = useQuery({
    queryKey: clinicalNotesKeys.sessionNotes(sessionNotes.limit),
    queryFn: ({ signal }) => clinicalNotesApi.sessionNotes(sessionNotes.limit, signal),
    refetchInterval: sessionNotes.pollMs,
    staleTime: sessionNotes.refetchThrottleMs,
  });

  const body = () => {
    if (notes.isPending) return <LoadingState label="Loading session notes..." />;
    if (notes.isError)
      return (
        <ErrorState
          title="Unable to load session notes"
          message={errorMessage(notes.error)}
          onRetry={() => void notes.refetch()}
        />
      );
    if (notes.data.data.length === 0)
      return (
        <EmptyState title="No session notes yet.">Notes you write for your clients appear here.</EmptyState>
      );
    return (
      <ul className={documents.list} aria-label="Session notes">
        {notes.data.data.map((note) => (
          <SessionNoteRow key={note.id} note={note} />
        ))}
      </ul>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="session-notes-card-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="center">
          <Title order={2} fz="lg" id="session-notes-card-title">
            Session Notes
          </Title>
          {notes.isSuccess && (
            <dl className={classes.stat}>
              <Text component="dt" fz="sm">
                Signed notes (last 30 days)
              </Text>
              <Text component="dd" fz="lg" fw={700} m={0}>
                {notes.data.signedLast30Days}
              </Text>
            </dl>
          )}
        </Group>
        {body()}
      </Stack>
    </Card>
  );
}

function SessionNoteRow({ note }: { note: SessionNote }) {
  const client = fullName(note.patientDetails);
  return (
    <li className={documents.row}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Anchor component={Link} to={notesTabLink(note.patientDetails._id)} fw={600} fz="sm">
            {client}
          </Anchor>
          <Text fz="sm" className={documents.text}>
            {note.title}
          </Text>
          <Text fz="xs" c="dimmed">
            {sessionWhen(note.date, note.time)}
          </Text>
        </Stack>
        <NoteStatusBadge isSigned={note.isSigned} />
      </Group>
    </li>
  );
}
