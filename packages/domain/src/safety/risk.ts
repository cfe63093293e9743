/**
 * Spec ruling 12: text that expresses a risk of self-harm surfaces crisis resources. This is a
 * deliberately simple phrase detector, tuned to miss few real statements; it is not a clinical
 * assessment and never labels a person, only a piece of text.
 */

export const riskLevels = ['none', 'concern', 'crisis'] as const;
export type RiskLevel = (typeof riskLevels)[number];

export interface RiskAssessment {
  level: RiskLevel;
  /** The phrases that were found, in the order of the rules (labels, never the user's text). */
  matched: string[];
}

interface Rule {
  label: string;
  pattern: RegExp;
  level: 'crisis' | 'concern';
  /**
   * A 'crisis' phrase drops to 'concern' when a negation comes shortly before it ("I would never
   * kill myself"); phrases that already carry their negation ("no reason to live") are not negatable.
   */
  negatable?: false;
}

const rules: Rule[] = [
  // "kill myself laughing" is an idiom, not a risk.
  { label: 'kill myself', pattern: /\bkill(?:ing)? myself\b(?! laughing)/, level: 'crisis' },
  { label: 'end my life', pattern: /\bend(?:ing)? (?:my (?:own )?life|it all)\b/, level: 'crisis' },
  // "take my life back" is the opposite of a risk.
  { label: 'take my life', pattern: /\btak(?:e|ing) my (?:own )?life\b(?! back| in)/, level: 'crisis' },
  {
    label: 'want to die',
    // "want to die my hair" is a common misspelling of dye.
    pattern: /\b(?:want(?:s|ed)?|wanna|deserve) (?:to )?die\b(?! (?:my|her|his|their) hair)/,
    level: 'crisis',
  },
  { label: 'wish I was dead', pattern: /\bwish (?:i (?:was|were)|i'm|i am) dead\b/, level: 'crisis' },
  { label: 'better off dead', pattern: /\bbetter off (?:dead|without me)\b/, level: 'crisis' },
  {
    label: 'no reason to live',
    pattern:
      /\b(?:no|any) (?:reason|point) (?:to|in) (?:live|living|going on|being alive)\b|\bnothing (?:left )?to live for\b|\bnot worth living\b/,
    level: 'crisis',
    negatable: false,
  },
  {
    label: "don't want to live",
    pattern: /\b(?:don't|do not|dont) want to (?:live|be alive|be here|wake up|exist)\b/,
    level: 'crisis',
    negatable: false,
  },
  { label: 'suicidal', pattern: /\bsuicidal\b/, level: 'crisis' },
  {
    label: 'suicide',
    pattern:
      /\b(?:commit(?:ting)?|attempt(?:ing)?|plan(?:ning)?|think(?:ing)? about|consider(?:ing)?) suicide\b/,
    level: 'crisis',
  },
  {
    label: 'hurt myself',
    pattern:
      /\b(?:want(?:s|ed)? to|wanna|going to|urge to|urges to|thinking about|thoughts of|keep) (?:hurt(?:ing)?|harm(?:ing)?|cut(?:ting)?|burn(?:ing)?) myself\b|\bharm(?:ing)? myself\b|\b(?:cutting|burning) myself\b(?! (?:some|a|off)\b)/,
    level: 'crisis',
  },
  { label: 'self-harm', pattern: /\bself[- ]?harm(?:ing|ed)?\b/, level: 'crisis' },
  // An injury ("I hurt myself at the gym") reads the same as self-harm: ask gently, never alarm.
  {
    label: 'hurt myself',
    pattern: /\b(?:hurt(?:ing)?|cut(?:ting)?|burn(?:ing)?) myself\b(?! (?:some|a|off)\b)/,
    level: 'concern',
  },
  { label: 'overdose', pattern: /\boverdos(?:e|ing)\b/, level: 'concern' },
  { label: 'suicide', pattern: /\bsuicide\b/, level: 'concern' },
  {
    label: "can't go on",
    pattern: /\b(?:can't|cannot|cant) (?:go on|keep going|do this anymore|take (?:it|this) anymore)\b/,
    level: 'concern',
  },
  {
    label: 'disappear',
    pattern:
      /\b(?:want|wish) (?:i could |to )?(?:just )?(?:disappear|vanish)(?: forever)?\b|\bwish i (?:wasn't|was not|weren't) here\b/,
    level: 'concern',
  },
  {
    label: 'someone else at risk',
    pattern: /\b(?:kill|hurt|harm) (?:himself|herself|themselves|themself)\b/,
    level: 'concern',
  },
];

/** Words that, shortly before a phrase in the same clause, turn it around ("I would never…"). */
const negation =
  /\b(?:not|never|no|don't|dont|do not|won't|wont|wouldn't|wouldnt|would not|haven't|havent|hasn't|didn't|didnt|isn't|aren't|stopped|quit)\b/;

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ');
}

/** True when the clause before `index` holds a negation within its last four words. */
function negated(text: string, index: number): boolean {
  const before = text.slice(0, index);
  const clause = before.split(/[.!?;,:]|\bbut\b|\bthough\b|\bhowever\b/).pop() ?? '';
  const lastWords = clause.trim().split(' ').slice(-4).join(' ');
  return negation.test(lastWords);
}

/** Classifies one text: 'crisis', 'concern' (a negated or softer phrase) or 'none'. */
export function assessRisk(text: string): RiskAssessment {
  const source = normalise(text);
  const matched: string[] = [];
  let level: RiskLevel = 'none';
  for (const rule of rules) {
    const pattern = new RegExp(rule.pattern.source, 'g');
    for (const found of source.matchAll(pattern)) {
      const ruleLevel =
        rule.level === 'crisis' && rule.negatable !== false && negated(source, found.index)
          ? 'concern'
          : rule.level;
      if (!matched.includes(rule.label)) matched.push(rule.label);
      if (ruleLevel === 'crisis') level = 'crisis';
      else if (level === 'none') level = 'concern';
    }
  }
  return { level, matched };
}

/** The more serious of several assessments (e.g. every message of a conversation). */
export function highestRisk(levels: readonly RiskLevel[]): RiskLevel {
  return levels.reduce<RiskLevel>(
    (worst, level) => (riskLevels.indexOf(level) > riskLevels.indexOf(worst) ? level : worst),
    'none',
  );
}
