/**
 * Scope rules for the risk check, on text as normalise.ts leaves it. A negation ("never", "not",
 * "no") turns a phrase around only inside its own clause: a clause ends at punctuation (" | "),
 * at "but", "though", "yet", "because", "and then", or at "and"/"so" followed by a new subject.
 * So "i am not ok and i want to die" keeps its second clause, "i would never kill myself" does not.
 */

const boundary =
  / \| |^(?:no|nope|nah) (?=i )|\b(?:idk|dunno|honestly|but|though|although|however|yet|because|since|except|whereas|and then|then)\b|\b(?:and|so|or) (?=i |me |my |everything |now |honestly |sometimes |still |really |just )/;

/** Splits normalised text into clauses (each trimmed, empty ones dropped). */
export function clauses(text: string): string[] {
  return ` ${text} `
    .split(new RegExp(boundary.source, 'g'))
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Sentences: the wider span a clause without its own subject borrows one from. */
export function sentences(text: string): string[] {
  return text
    .split(' | ')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Negators; "no one" was already spelled "nobody" and does not count. */
const negator = /\b(?:not|never|no|nor|neither|without|stopped|quit|no longer|none)\b/;

/** Negations that turn nothing around: "not ok", "do not know", "cannot stop thinking". */
const inert =
  /\b(?:not|never) (?:ok|okay|fine|well|good|alright|coping|sleeping|eating|sure why|stop|help)\b|\b(?:could|can|do|did) not (?:stop|help|know|get rid of|shake)\b|\bno (?:idea|clue|sleep|energy|hope)\b|\bnot a day go(?:es)? by\b/g;

/**
 * True when a negation stands before `index` in the clause, within its last six words, with no new
 * "i" between it and the phrase ("i do not know i just want to die" is not negated).
 */
export function negatedAt(clause: string, index: number): boolean {
  const words = clause.slice(0, index).replace(inert, '~').trim().split(' ').slice(-6);
  let last = -1;
  words.forEach((word, i) => {
    if (negator.test(word)) last = i;
  });
  if (last < 0) return false;
  return !words.slice(last + 1).includes('i');
}

const firstPerson = /\b(?:i|me|my|myself|mine|we|us|our)\b/g;
const otherPerson =
  /\b(?:he|she|they|you|his|her|him|them|their|your|yourself|himself|herself|themselves|friend|friends|mom|mum|mother|dad|father|brother|sister|son|daughter|wife|husband|partner|boyfriend|girlfriend|cousin|uncle|aunt|grandma|grandpa|grandmother|grandfather|colleague|coworker|character|someone|somebody|people|person|man|woman|guy|girl|kid|teen|teenager|patient|client|student|neighbour|neighbor|singer|author|narrator|protagonist|hero|heroine|victim|celebrity|actor|actress)\b/g;

function lastIndex(pattern: RegExp, text: string): number {
  let last = -1;
  for (const found of text.matchAll(pattern)) last = found.index;
  return last;
}

/**
 * Whose words these are: 'other' when the nearest person named before `index` is someone else
 * ("she wants to die"), 'self' when it is the writer, 'none' when no one is named ("want to die").
 */
export function speakerAt(text: string, index: number): 'self' | 'other' | 'none' {
  const before = text.slice(0, index);
  const self = lastIndex(firstPerson, before);
  const other = lastIndex(otherPerson, before);
  if (self < 0 && other < 0) return 'none';
  return other > self ? 'other' : 'self';
}
