import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';

interface FormAlertProps {
  kind?: 'error' | 'info' | 'warning' | 'success';
  title?: string;
  children: ReactNode;
}

const colors = { error: 'red', info: 'blue', warning: 'yellow', success: 'green' } as const;

/** A message inside a form (server errors, throttling, notices). */
export function FormAlert({ kind = 'error', title, children }: FormAlertProps) {
  const Icon = kind === 'error' || kind === 'warning' ? IconAlertCircle : IconInfoCircle;
  return (
    <Alert
      color={colors[kind]}
      variant="light"
      title={title}
      icon={<Icon aria-hidden="true" />}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
