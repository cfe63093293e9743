import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { EmptyState } from '../../ui/states';
import classes from './ai-documents.module.css';

/** A heading level that never goes past h6, however deep the viewer is placed. */
export function level(base: number, offset = 0): TitleOrder {
  return Math.min(Math.max(base + offset, 1), 6) as TitleOrder;
}

/** The frame of every viewer: 800 px at most, long words wrapping. */
export function DocRoot(props: { children: ReactNode; label?: string; gap?: 'xs' | 'sm' | 'md' }) {
  const { children, label, gap = 'md' } = props;
  return (
    <Stack gap={gap} className={classes.root} aria-label={label} component="article">
      {children}
    </Stack>
  );
}

export function DocCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

const headingSizes = { title: 'h3', section: 'h4', part: 'h6' } as const;

/**
 * A heading: its level follows the page it is placed in, its size its role in the document
 * (compact: a document sits inside a page, an accordion or a tab, under the page's own title).
 */
export function DocHeading(props: {
  order: TitleOrder;
  look?: keyof typeof headingSizes;
  children: ReactNode;
}) {
  const { order, look = 'section', children } = props;
  return (
    <Title order={order} size={headingSizes[look]}>
      {children}
    </Title>
  );
}

/** Text that keeps the line breaks the document was written with. */
export function DocText({ children, dimmed = false }: { children: ReactNode; dimmed?: boolean }) {
  return (
    <Text fz="sm" className={classes.text} c={dimmed ? 'dimmed' : undefined}>
      {children}
    </Text>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <ul className={classes.list}>
      {items.map((item, index) => (
        <li key={index}>
          <Text fz="sm" span className={classes.text}>
            {item}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** A viewer's empty text. */
export function EmptyDoc({ text }: { text: string }) {
  return <EmptyState title={text} />;
}
