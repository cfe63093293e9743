import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { todoMessages } from '@mindledger/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { openConfirm } from '../../../ui/confirm';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/states';
import { toast } from '../../../ui/toast';
import { clinicalNotesApi, clinicalNotesKeys, type Todo, type TodoBody } from './api';
import { TodoFormModal } from './TodoFormModal';
import { TodoItem } from './TodoItem';
import documents from '../documents/documents.module.css';

/** The provider's to-dos for this client (Part 2 §5 Todo): add, edit, tick off, delete. */
export function TodosSection({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const key = clinicalNotesKeys.todos(patientId);
  const todos = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => clinicalNotesApi.todos(patientId, signal),
  });
  // undefined: closed; null: adding; a to-do: editing it.
  const [editing, setEditing] = useState<Todo | null | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  // Ticking is shown at once and undone if the server refuses it.
  const toggle = useMutation({
    mutationFn: ({ todo, done }: { todo: Todo; done: boolean }) =>
      clinicalNotesApi.updateTodo(todo.id, { done }),
    onMutate: async ({ todo, done }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Todo[]>(key);
      queryClient.setQueryData<Todo[]>(key, (list) =>
        list?.map((t) => (t.id === todo.id ? { ...t, done } : t)),
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(key, context?.before);
      toast.error(errorMessage(error));
    },
    onSettled: () => void refresh(),
  });

  const remove = useMutation({
    mutationFn: (todo: Todo) => clinicalNotesApi.removeTodo(todo.id),
    onSuccess: (answer) => {
      toast.success(answer.message ?? todoMessages.deleted);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const save = async (body: TodoBody) => {
    try {
      const answer = editing
        ? await clinicalNotesApi.updateTodo(editing.id, body)
        : await clinicalNotesApi.createTodo(patientId, body);
      toast.success(answer.message ?? (editing ? todoMessages.updated : todoMessages.created));
      setEditing(undefined);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const confirmDelete = (todo: Todo) =>
    void openConfirm({
      title: 'Delete this to-do?',
      children: <Text style={{ overflowWrap: 'anywhere' }}>“{todo.name}” is deleted for good.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(todo),
    });

  const body = () => {
    if (todos.isPending) return <LoadingState label="Loading to-dos..." />;
    if (todos.isError)
      return (
        <ErrorState
          title="Unable to load the to-dos"
          message={errorMessage(todos.error)}
          onRetry={() => void todos.refetch()}
        />
      );
    if (todos.data.length === 0)
      return (
        <EmptyState title="No to-dos yet.">Tasks, materials and prescriptions for this client.</EmptyState>
      );
    return (
      <ul className={documents.list} aria-label="To-dos">
        {todos.data.map((todo) => (
          <TodoItem
            key={todo.id}
            todo={todo}
            busy={remove.isPending && remove.variables?.id === todo.id}
            onToggle={(done) => toggle.mutate({ todo, done })}
            onEdit={() => setEditing(todo)}
            onDelete={() => confirmDelete(todo)}
          />
        ))}
      </ul>
    );
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="client-todos-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="client-todos-title">
            To-dos
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing(null)}
          >
            Add to-do
          </Button>
        </Group>
        {body()}
      </Stack>
      <TodoFormModal todo={editing} onClose={() => setEditing(undefined)} onSubmit={save} />
    </Card>
  );
}
