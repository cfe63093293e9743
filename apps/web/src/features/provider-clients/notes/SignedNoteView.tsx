import type { ReactNode } from 'react';
import { Badge, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatNoteTime, noteServiceLabels } from '@mindledger/domain';
import { formatDate } from '../../../ui/format';
import type { Note } from './api';
import { AddendumForm } from './AddendumForm';
import { NoteCategoryBadge, NoteStatusBadge, PriorityBadge } from './NoteBadges';
import { signedLine } from './note-labels';
import documents from '../documents/documents.module.css';
import classes from './notes.module.css';

/** A signed note, locked (Part 2 §3): every field as text, its addenda and the form for a new one. */
export function SignedNoteView({ patientId, note }: { patientId: string; note: Note }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={3} fz="lg" className={documents.text}>
            {note.title}
          </Title>
          <NoteStatusBadge isSigned={note.isSigned} />
          <NoteCategoryBadge category={note.category} />
          <PriorityBadge priority={note.priority} />
        </Group>
        <Text fz="sm" c="dimmed">
          {signedLine(note.signedAt)}
        </Text>
      </Stack>
      <dl className={documents.fields}>
        <Field label="Date">{formatDate(note.date)}</Field>
        <Field label="Time">{formatNoteTime(note.time)}</Field>
        <Field label="Duration">{note.duration} minutes</Field>
        <Field label="Service">{noteServiceLabels[note.service]}</Field>
        <Field label="Follow-up frequency">{note.frequency}</Field>
      </dl>
      <TextBlock label="Notes" text={note.notes} />
      <TextBlock label="Additional notes" text={note.additionalNotes} />
      <TextBlock label="AI summary" text={note.AIsummary} />
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Recommendations
        </Text>
        {note.recommendation.length === 0 ? (
          <Text fz="sm" c="dimmed">
            None
          </Text>
        ) : (
          <List fz="sm" spacing={2}>
            {note.recommendation.map((item, index) => (
              <List.Item key={index} className={documents.text}>
                {item}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Divider />
      <Addenda note={note} />
      <AddendumForm patientId={patientId} noteId={note.id} />
    </Stack>
  );
}

function Addenda({ note }: { note: Note }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="note-addenda-title">
      <Group gap="xs">
        <Title order={3} fz="md" id="note-addenda-title">
          Addenda
        </Title>
        <Badge size="sm" variant="light" color="gray">
          {note.addenda.length}
        </Badge>
      </Group>
      {note.addenda.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No addenda yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0}>
          {note.addenda.map((addendum) => (
            <li key={addendum.id} className={classes.addendum}>
              <Text fz="xs" c="dimmed">
                {addendum.authorName} · {formatDate(addendum.createdAt, 'MMM D, YYYY h:mm A')}
              </Text>
              <Text fz="sm" className={documents.text}>
                {addendum.text}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={documents.field}>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function TextBlock({ label, text }: { label: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      <Text fz="sm" c={text ? undefined : 'dimmed'} className={documents.text}>
        {text || 'None'}
      </Text>
    </Stack>
  );
}
