import { bandOf, changeFlags, instruments, type MeasureKind } from '@mindledger/domain';
import type { AssignmentRow, ResponseRow } from './repo.js';

/** A response as the API answers it: the total, its band and how it stands against the earlier ones. */
export function presentResponse(
  row: ResponseRow,
  history: { first: number | null; previous: number | null },
  withAnswers: boolean,
) {
  const instrument = instruments[row.kind];
  const band = bandOf(instrument, row.total);
  return {
    id: row.id,
    kind: row.kind,
    name: instrument.shortName,
    total: row.total,
    maxScore: instrument.maxScore,
    band: band.label,
    bandText: band.plain,
    flags: changeFlags(row.kind, row.total, history),
    safetyAlert: row.safetyAlert,
    assigned: row.assignmentId !== null,
    completedAt: row.completedAt.toISOString(),
    ...(withAnswers ? { answers: row.answers } : {}),
  };
}
export type MeasureResponseView = ReturnType<typeof presentResponse>;

/** Each measure's responses, oldest first, each flagged against the first and the one before it. */
export function presentSeries(rows: ResponseRow[], withAnswers: boolean) {
  const byKind = new Map<MeasureKind, MeasureResponseView[]>();
  for (const row of rows) {
    const series = byKind.get(row.kind) ?? [];
    const first = series[0]?.total ?? null;
    const previous = series.at(-1)?.total ?? null;
    series.push(presentResponse(row, { first, previous }, withAnswers));
    byKind.set(row.kind, series);
  }
  return (Object.keys(instruments) as MeasureKind[]).map((kind) => ({
    kind,
    name: instruments[kind].shortName,
    bands: instruments[kind].bands,
    maxScore: instruments[kind].maxScore,
    responses: byKind.get(kind) ?? [],
  }));
}

export function presentAssignment(
  row: AssignmentRow,
  provider: { firstName: string; lastName: string } | null,
  now: Date,
) {
  return {
    id: row.id,
    kind: row.kind,
    name: instruments[row.kind].shortName,
    everyWeeks: row.everyWeeks,
    dueAt: row.dueAt.toISOString(),
    /** Waiting for the client's answers now. */
    due: row.stoppedAt === null && row.dueAt <= now,
    stopped: row.stoppedAt !== null,
    providerId: row.providerId,
    providerName: provider ? `${provider.firstName} ${provider.lastName}`.trim() : '',
    createdAt: row.createdAt.toISOString(),
  };
}
export type MeasureAssignmentView = ReturnType<typeof presentAssignment>;
