import { weeklyReportSchema, type WeeklyReport } from '@mindledger/domain';
import { weekRangeText } from './period.js';
import type { DocumentRow, JobRow, ProviderBrief, ShareRow, ShareWithProvider } from './repo.js';

/** The list's excerpt of a report's summary. */
const summaryExcerpt = 280;

/** Part 2 §3 "Generation job (weekly insights)", with its id and the report it made. */
export function presentJob(row: JobRow) {
  const period = { startDate: row.startDate, endDate: row.endDate };
  return {
    id: row.id,
    jobId: row.id,
    status: row.status,
    weekRange: weekRangeText(period),
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime.toISOString(),
    completedTime: row.completedTime?.toISOString() ?? null,
    failedTime: row.failedTime?.toISOString() ?? null,
    result: row.documentId ? { reportId: row.documentId } : null,
    error: row.error,
  };
}
export type JobView = ReturnType<typeof presentJob>;

/** The stored report, read back through the domain's schema (a row that fails it shows as empty). */
export function reportContent(row: DocumentRow): WeeklyReport | null {
  const parsed = weeklyReportSchema.safeParse(row.content);
  return parsed.success ? parsed.data : null;
}

function excerpt(text: string): string {
  if (text.length <= summaryExcerpt) return text;
  const cut = text.slice(0, summaryExcerpt);
  const space = cut.lastIndexOf(' ');
  return `${(space > summaryExcerpt / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A report in a list (history, the provider's Summaries). */
export function presentReportItem(row: DocumentRow) {
  const report = reportContent(row);
  return {
    id: row.id,
    startDate: row.periodStart ?? report?.startDate ?? '',
    endDate: row.periodEnd ?? report?.endDate ?? '',
    title: report?.title ?? 'Weekly Insights',
    summary: excerpt(report?.summary ?? ''),
    generatedAt: row.generatedAt.toISOString(),
    source: row.source,
  };
}

export function presentProvider(provider: ProviderBrief) {
  return {
    id: provider.id,
    doctorName: `${provider.firstName} ${provider.lastName}`.trim(),
    doctorEmail: { email: provider.email },
  };
}

export function presentShare(share: ShareRow, provider: ProviderBrief) {
  return {
    shareId: share.id,
    reportId: share.documentId,
    sharedAt: share.createdAt.toISOString(),
    provider: presentProvider(provider),
  };
}

/**
 * The whole report. The owner sees the entry links of each item and the providers it is shared
 * with; a provider sees neither (no entry ids: an entry made private later must leave no trace).
 */
export function presentReport(
  row: DocumentRow,
  viewer: 'owner' | 'provider',
  shares: ShareWithProvider[] = [],
) {
  const report = reportContent(row);
  const shown =
    report && viewer === 'provider'
      ? {
          ...report,
          sections: report.sections.map((s) => ({
            ...s,
            items: s.items.map((item) => ({ ...item, entryIds: [] as string[] })),
          })),
        }
      : report;
  return {
    ...presentReportItem(row),
    patientId: row.patientId,
    report: shown,
    ...(viewer === 'owner'
      ? {
          model: row.model,
          shares: shares.map(({ share, provider }) => presentShare(share, provider)),
        }
      : {}),
  };
}
export type ReportView = ReturnType<typeof presentReport>;
