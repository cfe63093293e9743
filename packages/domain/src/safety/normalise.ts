/**
 * Turns a piece of writing into the plain form the risk lexicon (lexicon.ts) is written against:
 * lower case, no apostrophes ("don't" = "dont"), no emoji or punctuation noise, stretched letters
 * shortened ("dieeee" → "die"), common slang and misspellings spelled out ("kms" → "kill myself")
 * and the verbs the lexicon cares about reduced to one form ("dying", "died" → "die").
 * Sentence and clause punctuation survives as " | " so negation scope (negation.ts) can stop there.
 */

/** Whole-token (or token-sequence) replacements applied after the text is reduced to words. */
const slang: [RegExp, string][] = [
  [/\bkys myself\b/g, 'kill myself'],
  [/\b(i|to|gonna|wanna|just|should|will|could|might|gunna) kys\b/g, '$1 kill myself'],
  [/\bkys\b/g, 'kill yourself'],
  [/\bkms\b/g, 'kill myself'],
  [/\b(?:off|delete|unalive) myself\b|\bself (?:delete|deleting|deleted|deletion)\b/g, 'kill myself'],
  [/\b(to|gonna|wanna|just|going to|want to) rope\b(?! (?:off|in|a|the|them|him|her))/g, '$1 hang myself'],
  [/\brope myself\b/g, 'hang myself'],
  [/\byeet myself\b/g, 'throw myself'],
  [/\bsui\b/g, 'suicidal'],
  [/\bs h\b/g, 'self harm'],
  [/\b2 (?=die|kill|be|live|end|hurt|cut|sleep|disappear)/g, 'to '],
  [/\bctb\b/g, 'kill myself'],
  [/\bun ?alive (myself|me)\b/g, 'kill myself'],
  [/\b(to|gonna|wanna|going to|want to) un ?alive\b/g, '$1 kill myself'],
  [/\bun ?alive\b/g, 'dead'],
  [/\bsewer ?slide\b/g, 'suicide'],
  [/\bsu[iy]?[cs]ide?\b|\bsui[cs]ide\b|\bsuicde\b|\bsucide\b|\bsuiside\b|\bsuicid\b/g, 'suicide'],
  [/\bsu[iy]?[cs]id[ie]?a[l]+\b|\bsuicidle\b|\bsucidal\b|\bsuicidial\b|\bsuisidal\b/g, 'suicidal'],
  [/\b(on|from|of|with|to) sh\b|\bsh(?= again| urges?| scars?| relapse)\b/g, '$1 self harm'],
  [/\bselfharm\b|\bself harm\b/g, 'self harm'],
  [/\bwnat\b|\bwnt\b|\bwamt\b|\bwan\b(?= to)/g, 'want'],
  [/\bdye\b(?! (?:my|her|his|the|it|their|our|your|hair|them|a|this|that|some|eggs|fabric))/g, 'die'],
  [
    /\bill\b(?= (?:do|be|go|kill|die|end|take|never|just|try|make|have|get|see|call|write|tell|probably|always|miss|jump|overdose|hurt|cut))/g,
    'i will',
  ],
  [/\blifes\b/g, 'life is'],
  [/\bthats\b/g, 'that is'],
  [/\bwhats\b/g, 'what is'],
  [/\btheres\b/g, 'there is'],
  [/\byoure\b/g, 'you are'],
  [/\babt\b/g, 'about'],
  [/\btn\b/g, 'tonight'],
  [/\bwanna\b/g, 'want to'],
  [/\bgonna\b|\bgunna\b/g, 'going to'],
  [/\bgotta\b/g, 'got to'],
  [/\bim\b/g, 'i am'],
  [/\bive\b/g, 'i have'],
  [/\bid\b/g, 'i would'],
  [/\bcant\b|\bcan not\b/g, 'cannot'],
  [/\bdont\b/g, 'do not'],
  [/\bdoesnt\b/g, 'does not'],
  [/\bdidnt\b/g, 'did not'],
  [/\bwont\b/g, 'will not'],
  [/\bwouldnt\b/g, 'would not'],
  [/\bshouldnt\b/g, 'should not'],
  [/\bcouldnt\b/g, 'could not'],
  [/\bisnt\b/g, 'is not'],
  [/\barent\b/g, 'are not'],
  [/\bwasnt\b/g, 'was not'],
  [/\bhavent\b/g, 'have not'],
  [/\bhasnt\b/g, 'has not'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bcuz\b|\bcos\b/g, 'because'],
  [/\bkil\b/g, 'kill'],
  [/\bkiled\b/g, 'killed'],
  [/\bkiling\b/g, 'killing'],
  [/\bmyslef\b|\bmyslf\b|\bmyelf\b|\bmysefl\b|\bmysef\b|\bmysel\b|\bmy self\b/g, 'myself'],
  [/\bded\b/g, 'dead'],
  [/\bno ?one\b|\bno body\b/g, 'nobody'],
  [/\bod\b/g, 'overdose'],
  [/\boding\b/g, 'overdosing'],
  [/\bfel\b/g, 'feel'],
  [/\bwil\b/g, 'will'],
];

/** Inflections reduced to one form, so the lexicon names each verb once. */
const lemmas: Record<string, string> = {};
const family = (lemma: string, ...forms: string[]) => {
  for (const form of forms) lemmas[form] = lemma;
};
family('die', 'dies', 'died', 'dying', 'diying');
family('kill', 'kills', 'killed', 'killing');
family('cut', 'cuts', 'cutting');
family('overdose', 'overdoses', 'overdosed', 'overdosing');
family('hurt', 'hurts', 'hurting');
family('harm', 'harms', 'harmed', 'harming');
family('burn', 'burns', 'burned', 'burnt', 'burning');
family('jump', 'jumps', 'jumped', 'jumping');
family('hang', 'hangs', 'hanged', 'hanging');
family('end', 'ends', 'ended', 'ending');
family('take', 'takes', 'took', 'taken', 'taking');
family('want', 'wants', 'wanted', 'wanting');
family('wish', 'wishes', 'wished', 'wishing');
family('think', 'thinks', 'thought', 'thoughts', 'thinking');
family('plan', 'plans', 'planned', 'planning');
family('consider', 'considers', 'considered', 'considering');
family('decide', 'decides', 'decided', 'deciding');
family('imagine', 'imagines', 'imagined', 'imagining');
family('drown', 'drowns', 'drowned', 'drowning');
family('shoot', 'shoots', 'shot', 'shooting');
family('stab', 'stabs', 'stabbed', 'stabbing');
family('slit', 'slits', 'slitting');
family('starve', 'starves', 'starved', 'starving');
family('swallow', 'swallows', 'swallowed', 'swallowing');
family('save', 'saves', 'saved', 'saving');
family('write', 'writes', 'wrote', 'written', 'writing');
family('give', 'gives', 'gave', 'given', 'giving');
family('research', 'researches', 'researched', 'researching');
family('look', 'looks', 'looked', 'looking');
family('buy', 'buys', 'bought', 'buying');
family('pill', 'pills');
family('tablet', 'tablets');
family('med', 'meds', 'medication', 'medications', 'medicine', 'medicines');
family('scratch', 'scratches', 'scratched', 'scratching');
family('punch', 'punches', 'punched', 'punching');
family('hit', 'hits', 'hitting');
family('attempt', 'attempts', 'attempted', 'attempting');
family('drive', 'drives', 'drove', 'driven', 'driving');
family('walk', 'walks', 'walked', 'walking');
family('punish', 'punishes', 'punished', 'punishing');
family('fantasize', 'fantasizes', 'fantasized', 'fantasizing', 'fantasise', 'fantasising', 'fantasised');
family('carve', 'carves', 'carved', 'carving');
family('count', 'counts', 'counted', 'counting');
family('relapse', 'relapses', 'relapsed', 'relapsing');
family('deserve', 'deserves', 'deserved', 'deserving');

/** "cuttin", "dyin", "thinkin": the g people drop, put back before lemmas. */
const droppedG =
  /\b(dyin|killin|cuttin|thinkin|burnin|hurtin|wantin|hangin|jumpin|endin|takin|plannin|harmin|livin|wishin|goin|nothin|somethin)\b/g;

/** Lower case, no apostrophes, no emoji, clause punctuation as " | ", slang spelled out, lemmas. */
export function normalise(text: string): string {
  let s = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´']/g, '')
    .replace(/[\u2010-\u2015-]/g, ' ')
    // Clause and sentence ends: kept as a boundary marker.
    .replace(/[.!?;:,\n\r\u2026]+/g, ' | ')
    // Everything else that is not a letter, a digit or the marker (emoji, symbols, quotes).
    .replace(/[^\p{L}\p{N}| ]+/gu, ' ')
    // Stretched letters: three or more of one letter become one ("sooo", "dieeee").
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  s = s.replace(droppedG, '$1g');
  for (const [pattern, replacement] of slang) s = s.replace(pattern, replacement);
  return s
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => lemmas[word] ?? word)
    .join(' ');
}
