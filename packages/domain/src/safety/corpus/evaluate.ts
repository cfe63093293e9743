/**
 * Scores the risk check (../risk.ts) on a labelled corpus (dev.json here; held-out.json is written
 * blind to the rules and is only ever scored, never tuned against). A statement is flagged when its
 * level is not 'none'. For every kind of risk statement: recall (flagged / all) and crisis recall
 * (crisis-level / crisis-labelled); for every kind of non-risk statement: false alarms (flagged / all).
 */
import { assessRisk, type RiskLevel } from '../risk.js';

export interface CorpusItem {
  text: string;
  label: 'crisis' | 'concern' | 'none';
  kind: string;
}

export interface KindScore {
  kind: string;
  /** 'risk' when the kind's statements are labelled crisis or concern, 'none' otherwise. */
  group: 'risk' | 'none';
  total: number;
  flagged: number;
  /** Risk kinds: flagged / total. Non-risk kinds: the false-alarm rate, flagged / total. */
  rate: number;
  crisisTotal: number;
  crisisFound: number;
}

export interface Evaluation {
  kinds: KindScore[];
  risk: {
    total: number;
    flagged: number;
    recall: number;
    crisisTotal: number;
    crisisFound: number;
    crisisRecall: number;
  };
  none: { total: number; flagged: number; falseAlarmRate: number };
  /** The statements scored wrongly, for tuning on the development corpus only. */
  misses: { text: string; label: CorpusItem['label']; kind: string; level: RiskLevel }[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/** Runs `check` (the risk check by default) over every item and scores it per kind. */
export function evaluateCorpus(
  items: readonly CorpusItem[],
  check: (text: string) => RiskLevel = (text) => assessRisk(text).level,
): Evaluation {
  const byKind = new Map<string, KindScore>();
  const misses: Evaluation['misses'] = [];
  for (const item of items) {
    const level = check(item.text);
    const group = item.label === 'none' ? 'none' : 'risk';
    const key = `${group}:${item.kind}`;
    const score = byKind.get(key) ?? {
      kind: item.kind,
      group,
      total: 0,
      flagged: 0,
      rate: 0,
      crisisTotal: 0,
      crisisFound: 0,
    };
    score.total += 1;
    if (level !== 'none') score.flagged += 1;
    if (item.label === 'crisis') {
      score.crisisTotal += 1;
      if (level === 'crisis') score.crisisFound += 1;
    }
    byKind.set(key, score);
    const wrong =
      group === 'risk'
        ? level === 'none' || (item.label === 'crisis' && level !== 'crisis')
        : level !== 'none';
    if (wrong) misses.push({ text: item.text, label: item.label, kind: item.kind, level });
  }
  const kinds = [...byKind.values()].map((k) => ({ ...k, rate: ratio(k.flagged, k.total) }));
  const sum = (group: 'risk' | 'none', field: 'total' | 'flagged' | 'crisisTotal' | 'crisisFound') =>
    kinds.filter((k) => k.group === group).reduce((n, k) => n + k[field], 0);
  const risk = {
    total: sum('risk', 'total'),
    flagged: sum('risk', 'flagged'),
    recall: ratio(sum('risk', 'flagged'), sum('risk', 'total')),
    crisisTotal: sum('risk', 'crisisTotal'),
    crisisFound: sum('risk', 'crisisFound'),
    crisisRecall: ratio(sum('risk', 'crisisFound'), sum('risk', 'crisisTotal')),
  };
  const none = {
    total: sum('none', 'total'),
    flagged: sum('none', 'flagged'),
    falseAlarmRate: sum('none', 'total') === 0 ? 0 : sum('none', 'flagged') / sum('none', 'total'),
  };
  return { kinds, risk, none, misses };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A Markdown table of an evaluation (counts and rates only, never the statements). */
export function evaluationTable(name: string, e: Evaluation): string {
  const rows = [
    `${name}: ${e.risk.total} risk statements, ${e.none.total} everyday statements`,
    '',
    '| kind | group | n | flagged | rate | crisis found |',
    '| --- | --- | --- | --- | --- | --- |',
    ...e.kinds.map(
      (k) =>
        `| ${k.kind} | ${k.group === 'risk' ? 'recall' : 'false alarm'} | ${k.total} | ${k.flagged} | ${pct(k.rate)} | ${k.crisisTotal ? `${k.crisisFound}/${k.crisisTotal}` : '-'} |`,
    ),
    `| **all risk** | recall | ${e.risk.total} | ${e.risk.flagged} | ${pct(e.risk.recall)} | ${e.risk.crisisFound}/${e.risk.crisisTotal} (${pct(e.risk.crisisRecall)}) |`,
    `| **all non-risk** | false alarm | ${e.none.total} | ${e.none.flagged} | ${pct(e.none.falseAlarmRate)} | - |`,
  ];
  return rows.join('\n');
}
