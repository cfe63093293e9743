/**
 * Spec ruling 12: text that expresses a risk of self-harm surfaces crisis resources. A phrase
 * detector, tuned to miss few real statements; it is not a clinical assessment and never labels a
 * person, only a piece of text. The steps: quoted works left out (guards.ts), normalisation and
 * lemmas (normalise.ts), idiom guards (guards.ts), then per clause the lexicon (lexicon.ts) with
 * negation scope and the speaker (negation.ts): a negated phrase or someone else's words is 'none'.
 * Where the lexicon hears less than 'crisis' in a clause, the broader first-person word families
 * (fallback.ts) may raise it, to 'concern' on their own and to 'crisis' in combination.
 */
import { firstPersonFallback } from './fallback.js';
import { applyGuards, withoutQuotedWorks } from './guards.js';
import { lexicon, riskCategories, type RiskCategory } from './lexicon.js';
import { clauses, negatedAt, sentences, speakerAt } from './negation.js';
import { normalise } from './normalise.js';

export { riskCategories, type RiskCategory } from './lexicon.js';

export const riskLevels = ['none', 'concern', 'crisis'] as const;
export type RiskLevel = (typeof riskLevels)[number];

export interface RiskAssessment {
  level: RiskLevel;
  /** The phrases that were found, in the order of the lexicon (labels, never the user's text). */
  matched: string[];
  /**
   * The C-SSRS categories that were found, in the order of `riskCategories`. Derived from the client's
   * text: for the client's own answer only, never for a provider, a log or an AI provider.
   */
  categories: RiskCategory[];
}

const firstPersonWord = /\b(?:i|me|my|myself)\b/;

/** The label of a statement heard only by the first-person fallback (fallback.ts). */
const fallbackLabel = 'first-person words of risk';

/** Classifies one text: 'crisis', 'concern' (a softer phrase) or 'none'. */
export function assessRisk(text: string): RiskAssessment {
  const source = applyGuards(normalise(withoutQuotedWorks(text)));
  const matched: string[] = [];
  const categories: RiskCategory[] = [];
  let level: RiskLevel = 'none';
  const all = sentences(source).map(clauses);
  for (const [s, parts] of all.entries()) {
    let before = '';
    parts.forEach((clause, i) => {
      let heard: RiskLevel = 'none';
      for (const entry of lexicon) {
        for (const found of clause.matchAll(new RegExp(entry.pattern.source, 'g'))) {
          if (entry.negatable !== false && negatedAt(clause, found.index)) continue;
          if (!firstPersonWord.test(found[0])) {
            const speaker = speakerAt(clause, found.index);
            if (speaker === 'other' || (speaker === 'none' && speakerAt(before, before.length) === 'other')) {
              continue;
            }
          }
          if (!matched.includes(entry.label)) matched.push(entry.label);
          if (!categories.includes(entry.category)) categories.push(entry.category);
          if (entry.level === 'crisis' || heard === 'none') heard = entry.level;
          if (entry.level === 'crisis') level = 'crisis';
          else if (level === 'none') level = 'concern';
        }
      }
      if (heard !== 'crisis') {
        // The broader first-person word families (fallback.ts), where they hear more than the lexicon.
        const next = parts[i + 1] ?? all[s + 1]?.[0] ?? '';
        const previous = parts[i - 1] ?? all[s - 1]?.at(-1) ?? '';
        const found = firstPersonFallback(clause, before, next, previous);
        if (riskLevels.indexOf(found.level) > riskLevels.indexOf(heard) && found.category) {
          if (!matched.includes(fallbackLabel)) matched.push(fallbackLabel);
          if (!categories.includes(found.category)) categories.push(found.category);
          if (found.level === 'crisis') level = 'crisis';
          else if (level === 'none') level = 'concern';
        }
      }
      before = `${before} ${clause}`;
    });
  }
  const labels = [...lexicon.map((entry) => entry.label), fallbackLabel];
  matched.sort((a, b) => labels.indexOf(a) - labels.indexOf(b));
  categories.sort((a, b) => riskCategories.indexOf(a) - riskCategories.indexOf(b));
  return { level, matched, categories };
}

/** The more serious of several assessments (e.g. every message of a conversation). */
export function highestRisk(levels: readonly RiskLevel[]): RiskLevel {
  return levels.reduce<RiskLevel>(
    (worst, level) => (riskLevels.indexOf(level) > riskLevels.indexOf(worst) ? level : worst),
    'none',
  );
}
