import {
  goalLimits,
  goalMessages,
  storedNotificationSettings,
  type ConflictResolution,
  type ImportProblem,
} from '@mindledger/domain';
import type { ImportFile } from './reader.js';
import type { GoalRow } from './repo.js';

/**
 * What an import would do to the user's data as it is now (import/preview, and again inside the
 * confirmation's transaction): what is added, what conflicts with what is here and why, and what
 * cannot be imported. Pure: the current state is read by the caller.
 */
export type ConflictKind = 'entry' | 'goal' | 'profile' | 'settings' | 'initialJourney' | 'document';

export interface Conflict {
  /** Stable for the same file: 'e12', 'g3', 'profile', 'settings', 'initialJourney', 'd0'. */
  id: string;
  kind: ConflictKind;
  where: string;
  label: string;
  reason: string;
  options: ConflictResolution[];
  /** What the conflict is with (an entry or goal id of the user's), when it is one thing. */
  existingId: string | null;
}

export interface CurrentState {
  entriesByKey: Map<string, string>;
  entryIds: Set<string>;
  entriesByMoment: Map<number, string>;
  goals: GoalRow[];
  profile: { firstName: string; lastName: string; timezone: string; phone: string | null };
  settings: {
    notifications: unknown;
    goalReminderPeriod: string | null;
    weeklyAutomation: { automaticGeneration: boolean; automationDay: number } | null;
  };
  journeyMessages: number;
  documents: { id: string; kind: string; periodStart: string | null; generatedAt: Date }[];
}

export interface Plan {
  conflicts: Conflict[];
  notImported: ImportProblem[];
  add: { entries: number; goals: number; documents: number; messages: number };
  /** Goals of the file that will not be created (limits, therapist goals): index → reason. */
  skippedGoals: Map<number, string>;
}

const all: ConflictResolution[] = ['skip', 'replace', 'keepBoth'];
const skipOrReplace: ConflictResolution[] = ['skip', 'replace'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The resolution of a conflict: the one chosen for it, else the import's default, within its options. */
export function resolutionOf(
  conflict: Conflict,
  chosen: Readonly<Record<string, ConflictResolution>>,
  fallback: ConflictResolution,
): ConflictResolution {
  const pick = chosen[conflict.id] ?? fallback;
  return conflict.options.includes(pick) ? pick : 'skip';
}

export function planImport(
  file: ImportFile,
  current: CurrentState,
  chosen: Readonly<Record<string, ConflictResolution>>,
  fallback: ConflictResolution,
): Plan {
  const conflicts: Conflict[] = [];
  const notImported: ImportProblem[] = [];
  const skippedGoals = new Map<number, string>();
  const add = { entries: 0, goals: 0, documents: 0, messages: 0 };

  file.entries.forEach((e, i) => {
    const byKey = current.entriesByKey.get(e.key);
    const byId = e.fileId && current.entryIds.has(e.fileId) ? e.fileId : null;
    const byMoment = current.entriesByMoment.get(e.entryAt.getTime());
    const existingId = byKey ?? byId ?? byMoment ?? null;
    if (!existingId) return void (add.entries += 1);
    const conflict: Conflict = {
      id: `e${i}`,
      kind: 'entry',
      where: e.where,
      label: `${e.localDay}: ${e.entry.mood}`,
      reason: byKey
        ? 'This entry was imported before.'
        : byId
          ? 'This entry is already in your journal.'
          : 'You have an entry at the same time.',
      options: all,
      existingId,
    };
    conflicts.push(conflict);
    if (resolutionOf(conflict, chosen, fallback) !== 'skip') add.entries += 1;
  });

  const live = current.goals.filter((g) => !g.deleted);
  const active = live.filter((g) => !g.completed && !g.abandoned);
  const counts = {
    personal: active.filter((g) => g.type === 'personal').length,
    therapist: active.filter((g) => g.type === 'therapist').length,
  };
  file.goals.forEach((g, i) => {
    if (g.therapist) {
      skippedGoals.set(i, 'therapist');
      notImported.push({
        where: g.where,
        message: `"${g.text.slice(0, 80)}" is a therapist goal: your provider sets it again if it still applies.`,
      });
      return;
    }
    const byKey = live.find((x) => x.importKey === g.key);
    const byId = g.fileId ? live.find((x) => x.id === g.fileId) : undefined;
    const byText = g.status === 'active' ? active.find((x) => x.textKey === g.textKey) : undefined;
    const existing = byKey ?? byId ?? byText;
    let creates = true;
    if (existing) {
      const conflict: Conflict = {
        id: `g${i}`,
        kind: 'goal',
        where: g.where,
        label: g.text.slice(0, 120),
        reason: byKey
          ? 'This goal was imported before.'
          : byId
            ? 'This goal is already in your goals.'
            : goalMessages.duplicate,
        // an active goal's text is unique among active goals: both cannot be kept
        options: byText && !byKey && !byId ? skipOrReplace : all,
        existingId: existing.id,
      };
      conflicts.push(conflict);
      creates = resolutionOf(conflict, chosen, fallback) === 'keepBoth';
    }
    if (!creates) return;
    if (g.status === 'active') {
      const total = counts.personal + counts.therapist;
      const reason =
        counts.personal >= goalLimits.personal
          ? goalMessages.maximumOfType('personal')
          : total >= goalLimits.total
            ? goalMessages.maximumTotal
            : null;
      if (reason) {
        skippedGoals.set(i, reason);
        notImported.push({ where: g.where, message: `"${g.text.slice(0, 80)}": ${reason}` });
        return;
      }
      counts.personal += 1;
    }
    add.goals += 1;
  });

  if (file.backup) {
    const p = file.backup.profile;
    const theirs = {
      firstName: p.firstName,
      lastName: p.lastName,
      timezone: p.timezone,
      phone: p.phone ?? null,
    };
    if (!same(theirs, current.profile))
      conflicts.push({
        id: 'profile',
        kind: 'profile',
        where: 'profile',
        label: `${p.firstName} ${p.lastName} (${p.timezone})`,
        reason: 'Your name, time zone or phone differ from the backup’s.',
        options: skipOrReplace,
        existingId: null,
      });
    const s = file.backup.settings;
    const differs =
      (s.notifications &&
        !same(
          storedNotificationSettings(s.notifications),
          storedNotificationSettings(current.settings.notifications),
        )) ||
      (s.goalReminderPeriod && s.goalReminderPeriod !== (current.settings.goalReminderPeriod ?? 'daily')) ||
      (s.weeklyAutomation && !same(s.weeklyAutomation, current.settings.weeklyAutomation));
    if (differs)
      conflicts.push({
        id: 'settings',
        kind: 'settings',
        where: 'settings',
        label: 'Notification, goal reminder and weekly automation settings',
        reason: 'Your settings differ from the backup’s.',
        options: skipOrReplace,
        existingId: null,
      });
  }

  if (file.messages.length) {
    if (current.journeyMessages > 0) {
      const conflict: Conflict = {
        id: 'initialJourney',
        kind: 'initialJourney',
        where: 'initialJourney',
        label: `Initial Journey conversation (${file.messages.length} messages)`,
        reason: 'You already have an Initial Journey conversation.',
        options: all,
        existingId: null,
      };
      conflicts.push(conflict);
      if (resolutionOf(conflict, chosen, fallback) !== 'skip') add.messages = file.messages.length;
    } else add.messages = file.messages.length;
  }

  file.documents.forEach((d, i) => {
    const existing = current.documents.find((x) =>
      d.kind === 'weeklyReport'
        ? x.kind === 'weeklyReport' && x.periodStart === d.periodStart
        : x.kind === d.kind && x.generatedAt.getTime() === d.generatedAt.getTime(),
    );
    if (!existing) return void (add.documents += 1);
    const conflict: Conflict = {
      id: `d${i}`,
      kind: 'document',
      where: d.where,
      label: d.kind === 'weeklyReport' ? `Weekly report from ${d.periodStart}` : d.kind,
      reason:
        d.kind === 'weeklyReport'
          ? 'You have a weekly report for this week.'
          : 'This document is already here.',
      // one weekly report per week
      options: d.kind === 'weeklyReport' ? skipOrReplace : all,
      existingId: existing.id,
    };
    conflicts.push(conflict);
    if (resolutionOf(conflict, chosen, fallback) !== 'skip') add.documents += 1;
  });

  return { conflicts, notImported, add, skippedGoals };
}
