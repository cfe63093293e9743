import type {
  CarePlanRow,
  CarePlanVersionRow,
  ProviderShareRow,
  SummaryRow,
  SummaryVersionRow,
  VersionMeta,
} from './repo.js';

export function presentVersionMeta(v: VersionMeta) {
  return {
    version: v.version,
    editMode: v.editMode,
    refinementDetails: v.refinementDetails,
    isSigned: v.isSigned,
    signedAt: v.signedAt ? new Date(v.signedAt).toISOString() : null,
    createdAt: new Date(v.createdAt).toISOString(),
    createdByName: v.createdByName,
  };
}

function presentShared(shares: ProviderShareRow[], id: string, version: number) {
  const live = shares.filter((s) => s.itemId === id);
  return {
    sharedVersions: live.map((s) => s.version).sort((a, b) => a - b),
    shared: live.some((s) => s.version === version),
  };
}

/** A notes summary with its current version (Part 2 §7 get-patient-notes-summary). */
export function presentSummary(
  summary: SummaryRow,
  version: SummaryVersionRow,
  shares: ProviderShareRow[] = [],
  history?: VersionMeta[],
) {
  return {
    _id: summary.id,
    id: summary.id,
    patientId: summary.patientId,
    startDate: summary.rangeStart,
    endDate: summary.rangeEnd,
    version: version.version,
    noteSum: version.noteSum,
    jsonSummary: version.jsonSummary,
    editMode: version.editMode,
    refinmentDetails: version.refinementDetails,
    model: version.model,
    ...presentShared(shares, summary.id, version.version),
    versions: history?.map(presentVersionMeta),
    createdAt: summary.createdAt.toISOString(),
    updatedAt: summary.updatedAt.toISOString(),
  };
}

/** A care plan with its current version's document (Part 2 §3 Treatment plan). */
export function presentCarePlan(
  plan: CarePlanRow,
  version: CarePlanVersionRow,
  shares: ProviderShareRow[] = [],
  history?: VersionMeta[],
) {
  return {
    _id: plan.id,
    id: plan.id,
    patientId: plan.patientId,
    version: version.version,
    carePlan: { ...version.content, isSigned: version.isSigned },
    isSigned: plan.isSigned,
    signedAt: plan.signedAt?.toISOString() ?? null,
    editMode: version.editMode,
    refinmentDetails: version.refinementDetails,
    model: version.model,
    ...presentShared(shares, plan.id, version.version),
    versions: history?.map(presentVersionMeta),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}
