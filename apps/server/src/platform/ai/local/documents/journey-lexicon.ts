/**
 * The small keyword lexicon the local engine reads Initial Journey answers with. Every entry is a
 * label (written to read well inside a sentence) and the words that signal it; a label is only ever
 * used with a quote of the user's own sentence that contains the words.
 */
export interface Term {
  label: string;
  pattern: RegExp;
  /** "not online" is not a wish for online sessions; "non-judgemental" needs no such check. */
  negatable?: boolean;
}

const t = (label: string, pattern: RegExp, negatable = true): Term => ({ label, pattern, negatable });

/** What brings them: areas a therapist would need experience in. */
export const concernTerms: Term[] = [
  t('anxiety and worry', /\b(anxi\w*|worr(y|ied|ies|ying)|nervous\w*|panic\w*)\b/i),
  t('stress and burnout', /\b(stress\w*|burn(t|ed)? ?out|overwhelm\w*)\b/i),
  t('low mood', /\b(depress\w*|low mood|feel(ing)? (low|down)|sad(ness)?|hopeless\w*|unmotivated)\b/i),
  t('grief and loss', /\b(grie\w*|bereave\w*|passed away|died|death of|lost my|losing my)\b/i),
  t('relationships', /\b(relationships?|marriage|divorc\w*|break ?up|broke up|dating|my partner and i)\b/i),
  t('family', /\b(family|parents|siblings|my (mother|father|mom|mum|dad) and i)\b/i),
  t(
    'work and career',
    /\b(jobs?|career|boss|workplace|at work|colleagues?|coworkers?|unemploy\w*|laid off)\b/i,
  ),
  t(
    'self-esteem and confidence',
    /\b(self[- ]?esteem|confidence|self[- ]?worth|not good enough|insecur\w*)\b/i,
  ),
  t('sleep', /\b(sleep\w*|insomnia|nightmares?)\b/i),
  t('anger', /\b(anger|angry|temper|irritab\w*)\b/i),
  t('loneliness', /\b(lonel\w*|isolat\w*)\b/i),
  t('trauma', /\b(trauma\w*|ptsd|abus(e|ed|ive)|assault\w*)\b/i),
  t(
    'life changes',
    /\b(moved|moving|new city|new job|retire\w*|transition\w*|graduat\w*|pregnan\w*|new baby)\b/i,
  ),
  t('alcohol or substance use', /\b(drinking|alcohol|drugs?|substances?|addict\w*|sober\w*|sobriety)\b/i),
  t('eating and body image', /\b(eating|body image|binge\w*|my weight)\b/i),
  t('focus and attention', /\b(adhd|focus(ing)?|concentrat\w*|attention span)\b/i),
  t('parenting', /\b(parenting|my (kids|children|son|daughter|toddler|baby))\b/i),
];

/** Cultural, faith and identity considerations the user raised. */
export const cultureTerms: Term[] = [
  t(
    'LGBTQ+ identity',
    /\b(lgbt\w*|queer|gay|lesbian|bisexual|trans(gender)?|non-?binary|sexuality|gender identity)\b/i,
  ),
  t(
    'faith and spirituality',
    /\b(faith|religio\w*|spiritual\w*|church|mosque|synagogue|temple|christian|muslim|jewish|hindu|buddhis\w*)\b/i,
  ),
  t(
    'cultural background',
    /\b(cultur\w*|immigra\w*|heritage|ethnic\w*|racial|racism|bicultural|first[- ]generation|diaspora)\b/i,
  ),
  t('neurodivergence', /\b(neurodiverg\w*|neurodivers\w*|autis\w*|adhd)\b/i),
  t('disability or chronic illness', /\b(disabilit\w*|disabled|chronic (pain|illness)|wheelchair)\b/i),
];

/** What they hope to get: the practice focus. */
export const hopeTerms: Term[] = [
  t('practical ways to cope', /\b(cop(e|ing)|tools?|skills?|strateg\w*|techniques?|manag(e|ing))\b/i),
  t('understanding patterns and where they come from', /\b(understand\w*|patterns?|insight|make sense)\b/i),
  t('a space to talk things through', /\b(talk\w*|vent\w*|someone to listen|be heard|listen\w*)\b/i),
  t('working toward change', /\b(goals?|change|progress|move forward|moving forward|grow\w*)\b/i),
  t('working through the past', /\b(past|childhood|process(ing)?|heal\w*)\b/i),
  t(
    'feeling better day to day',
    /\b(feel better|feel more like myself|like myself again|less (anxious|stressed|sad|overwhelmed))\b/i,
  ),
];

export const formatTerms = {
  online: t('online', /\b(online|virtual\w*|video|tele(health|therapy)|remote\w*|zoom|from home)\b/i),
  inPerson: t('in person', /\b(in[- ]person|face[- ]to[- ]face|office|in the room)\b/i),
  either: t(
    'either',
    /\b(either|both|don'?t mind|no preference|whichever|doesn'?t matter|open to (both|either))\b/i,
    false,
  ),
};

export const languageNames = [
  'English',
  'Spanish',
  'French',
  'German',
  'Portuguese',
  'Italian',
  'Mandarin',
  'Cantonese',
  'Chinese',
  'Arabic',
  'Hindi',
  'Urdu',
  'Bengali',
  'Punjabi',
  'Tagalog',
  'Vietnamese',
  'Korean',
  'Japanese',
  'Russian',
  'Polish',
  'Ukrainian',
  'Turkish',
  'Farsi',
  'Persian',
  'Hebrew',
  'Greek',
  'Dutch',
  'Swedish',
  'Norwegian',
  'Danish',
  'Haitian Creole',
  'Somali',
  'Amharic',
  'Swahili',
  'Yoruba',
  'Igbo',
  'Tamil',
  'Telugu',
  'Gujarati',
  'Romanian',
  'Hungarian',
  'Czech',
  'Thai',
  'Indonesian',
];
export const languageTerms: Term[] = [
  ...languageNames.map((name) => t(name, new RegExp(`\\b${name}\\b`, 'i'), false)),
  t('sign language', /\b(ASL|sign language)\b/i, false),
];

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const timeTerms: Term[] = [
  t('mornings', /\b(mornings?|before work|early)\b/i),
  t('lunchtimes', /\b(lunch(time)?s?|midday)\b/i),
  t('afternoons', /\bafternoons?\b/i),
  t('evenings', /\b(evenings?|after work|nights?)\b/i),
  t('weekends', /\bweekends?\b/i),
  t('weekdays', /\bweekdays?\b/i),
  ...weekdays.map((day) => t(`${day}s`, new RegExp(`\\b${day}s?\\b`, 'i'))),
];
export const flexibilityTerm = t(
  'flexibility',
  /\b(flexib\w*|any ?time|whenever|busy|shifts?|shift work|tight schedule|rotating|varies|changes week to week)\b/i,
  false,
);

export const communicationTerms: Term[] = [
  t('direct and straightforward', /\b(direct|straightforward|blunt|straight talk|honest)\b/i),
  t('gentle and warm', /\b(gentle|warm|kind|soft|compassionate|caring)\b/i),
  t('structured', /\b(structured?|step[- ]by[- ]step|agenda|organi[sz]ed)\b/i),
  t('practical and hands-on', /\b(practical|tools?|homework|exercises?|strateg\w*|techniques?)\b/i),
  t('a good listener', /\b(listen\w*|hear me out|let me talk|vent\w*)\b/i),
  t('willing to challenge you', /\b(challeng\w*|push(es)? me|accountab\w*)\b/i),
  t('with a sense of humour', /\b(humou?r|funny|laugh\w*)\b/i),
  t('collaborative', /\b(collaborat\w*|together|team)\b/i),
  t(
    'non-judgemental',
    /\b(non[- ]?judg\w*|without judg\w*|not judg\w*|judgement[- ]free|judgment[- ]free)\b/i,
    false,
  ),
  t('calm and patient', /\b(patience|calm|slow(ly)?|at my (own )?pace)\b/i),
];

export const approachTerms: Term[] = [
  t('cognitive behavioural therapy (CBT)', /\bCBT\b|\bcognitive[- ]behaviou?ral\b/i, false),
  t('dialectical behaviour therapy (DBT)', /\bDBT\b|\bdialectical\b/i, false),
  t('EMDR', /\bEMDR\b|\beye movement desensiti[sz]ation\b/i, false),
  t('acceptance and commitment therapy (ACT)', /\bACT\b|\bacceptance and commitment\b/, false),
  t('psychodynamic therapy', /\bpsychodynamic\b|\bpsychoanaly\w*/i, false),
  t('mindfulness-based approaches', /\bmindful\w*|\bmeditat\w*/i, false),
  t('person-centred therapy', /\b(person|client)[- ]cent(er|re)d\b|\bhumanistic\b/i, false),
  t('solution-focused therapy', /\bsolution[- ]focused\b/i, false),
  t('internal family systems (IFS)', /\bIFS\b|\binternal family systems\b/i, false),
  t('somatic approaches', /\bsomatic\b|\bbody[- ]based\b/i, false),
  t('narrative therapy', /\bnarrative therapy\b/i, false),
  t('couples or family therapy', /\bcouples? (therapy|counsel\w*)|\bfamily therapy\b/i, false),
  t('group therapy', /\bgroup therapy\b|\bsupport groups?\b/i, false),
];

export const budgetTerms: Term[] = [
  t(
    'insurance',
    /\b(insurance|insured|insurer|medicaid|medicare|in[- ]network|out[- ]of[- ]network|copay|co-pay|hsa|fsa)\b/i,
    false,
  ),
  t('a sliding scale', /\bsliding[- ]scale\b|\breduced fee\b|\blow[- ]cost\b/i, false),
  t('paying yourself', /\b(out[- ]of[- ]pocket|self[- ]pay|private(ly)? pay)\b/i, false),
  t(
    'a budget per session',
    /\bbudget\b|\bafford\w*|\$\s?\d+|\b\d+\s?(dollars|usd|eur|euros|gbp|pounds)\b|\bper session\b/i,
    false,
  ),
];

/** Answers that decline a question. */
export const skipPattern =
  /^\s*(skip|pass|no|nope|none|nothing|n\/?a|not sure|unsure|i don'?t know|idk|prefer not|i'?d rather not|rather not|no idea|not really)\b/i;

const negations =
  /\b(not|never|no|don'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|can'?t|cannot|isn'?t|aren'?t|without|rather than|instead of|except|apart from|excluding)\s+(\w+\s+){0,2}$/i;

/** Whether the match at `index` of `text` is negated in its clause ("not online", "rather than CBT"). */
export function negatedAt(text: string, index: number): boolean {
  const clause =
    text
      .slice(0, index)
      .split(/[.,;:!?]|\bbut\b/)
      .pop() ?? '';
  return negations.test(clause.trimEnd() + ' ');
}
