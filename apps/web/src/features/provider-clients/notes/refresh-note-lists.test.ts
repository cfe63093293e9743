import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clinicalNotesKeys, refreshNoteLists } from './api';

const patientId = '00000000-0000-4000-8000-000000000501';
const otherId = '00000000-0000-4000-8000-000000000502';

describe('refreshNoteLists', () => {
  it("marks the client's lists and the dashboard's Session Notes stale, and nothing of another client", () => {
    const queryClient = new QueryClient();
    const list = clinicalNotesKeys.list(patientId, { page: 1 });
    const dashboard = clinicalNotesKeys.sessionNotes(50);
    const other = clinicalNotesKeys.list(otherId, { page: 1 });
    const detail = clinicalNotesKeys.detail(patientId, 'n1');
    for (const key of [list, dashboard, other, detail]) queryClient.setQueryData(key, { data: [] });

    refreshNoteLists(queryClient, patientId);

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(list)).toBe(true);
    expect(stale(dashboard)).toBe(true);
    expect(stale(other)).toBe(false);
    expect(stale(detail)).toBe(false);
  });
});
