import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

export interface TablePagerProps {
  page: number;
  pages: number;
  total: number;
  limit: number;
  /** Page sizes offered; 0 is 'All' (every row on one page). */
  pageSizes: readonly number[];
  noun: [singular: string, plural: string];
  onPage: (page: number) => void;
  /** Changing the page size goes back to page 1 (the caller decides). */
  onLimit: (limit: number) => void;
}

/** 'Rows per page' select, a count and the page buttons under a table. */
export function TablePager({ page, pages, total, limit, pageSizes, noun, onPage, onLimit }: TablePagerProps) {
  const safePages = Math.max(1, pages);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs" align="flex-end">
        <NativeSelect
          label="Rows per page"
          data={pageSizes.map((size) => ({ value: String(size), label: size === 0 ? 'All' : String(size) }))}
          value={String(limit)}
          onChange={(event) => onLimit(Number(event.currentTarget.value))}
          w={130}
        />
        <Text fz="sm" c="dimmed" pb={8}>
          {total} {total === 1 ? noun[0] : noun[1]}
        </Text>
      </Group>
      <Pagination
        total={safePages}
        value={Math.min(page, safePages)}
        onChange={onPage}
        size="sm"
        aria-label="Pagination"
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({
          'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
        })}
      />
    </Group>
  );
}

/** Page count from a total (the server answers pages on some lists, only hasNext on others); limit 0 is All. */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}
