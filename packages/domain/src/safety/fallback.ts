/**
 * The first-person fallback of the risk check (risk.ts): for a clause in which no lexicon phrase
 * (lexicon.ts) was heard. It listens for word families rather than phrases, so that a statement
 * phrased in a way the lexicon never saw is still heard at 'concern':
 *
 * - death and not-being ("die", "dead", "not wake up", "sleep forever", "be gone", "end it all"),
 * - self-injury ("cut", "burn", "scratch", "hurt", "punish" + myself or a part of the body),
 * - burden and belonging ("burden", "better off", "miss me", "notice if i"),
 * - farewell ("goodbye letter", "whoever finds me").
 *
 * A method word ("pills", "rope", "bridge", "train", "knife") is everyday on its own and is heard
 * only together with something else: with a preparation or intent word ("saved up", "how many",
 * "tonight", "bought", "enough") in the same or the next clause it is 'crisis'; with a word of
 * death or self-injury it is 'crisis' too. A method used for a stated everyday purpose ("a rope for
 * climbing", "pills for the headache", "as prescribed") is not a method.
 *
 * Three other combinations are 'crisis', as their lexicon counterparts are: a word of death with a
 * word of wishing or welcome ("death sounds like relief": a wish to be dead, C-SSRS 1), self-injury
 * with harm done ("until they bled", "deeper"), and a plan with a set time or decision ("sunday is
 * the day, i have decided"). A plan on its own ("i have it all planned") is 'concern'.
 *
 * The caller has already applied the idiom guards (guards.ts); this file blanks a few more idioms
 * that only matter to broad word families ("bored to death", "nearly died when"). Only clauses in
 * which the writer speaks of themself, or no one else is named, count (speakerAt, negation.ts),
 * and a negated word (negatedAt) does not count.
 */
import type { RiskCategory } from './lexicon.js';
import { negatedAt, speakerAt } from './negation.js';

/** Idioms that only the broad word families below would mishear. */
const idioms =
  /\b(?:bored|sick|scared|scare|frighten\w*|worried|love|tickled|done|work\w*|beat(?:en)?|freez\w*)(?: \w+)?(?: half)? to death\b|\bdeath (?:metal|star|note|stare|grip|trap)\b|\b(?:nearly|almost|could have|could) die (?:when|of|from|laugh\w*|at)\b|\bi (?:am|was) (?:so |literally )?dead(?= (?:\||that|this|lol|lmao|haha)|$)|\bdead(?: \w+)? (?:battery|batteries|phone|plant|plants|line|end|bolt|zone|weight|heat|tired|serious|silence|quiet|centre|center|wood|skin|leaves|bug|bugs|link)\b|\bdie hard\b|\bend it with\b|\bend things with\b|\b(?:would|could) (?:just )?die\b|\bdie (?:for|without) (?:my|a|an|the|some|you|them|him|her)\b|\bcould (?:just )?sleep forever\b|\bthe death of me\b|\bhair die\b|\bdie (?:stain|job|kit|pack)\w*\b|\b(?:talk\w*|read\w*|learn\w*|article|documentary|podcast|lecture|class|course|training|volunteer\w*) (?:about|on) (?:suicide|death|overdose)\b/g;

/** A joke marker: the broad word families do not hear a clause that laughs at itself. */
const joking = /\b(?:lol|lmao|lmfao|haha\w*|rofl|jk)\b/;

/** "my roommate overdosed": a person of the writer's, not the writer. */
const someoneOfMine =
  /\bmy (?!own\b|self\b|life\b|body\b|arm|wrist|leg|thigh|skin|head|hand|face|chest)\w+ (?=(?:just |had |has |was |is |nearly |almost )?(?:die|dead|overdose|kill|hang|jump|cut|hurt|burn|suicide)\b)|\b\w+s (?=death\b)/g;

/** Deaths and not-being: 'concern' on their own. */
const death =
  /\b(?:die|dead|death|suicide|suicidal|overdose|noose|kill myself|end my life|end it(?: all)?|end everything|(?:am|was|were|be|being) not (?:here|alive|around)|not (?:be|being) (?:here|alive|around)|not (?:to )?exist\w*|stop exist\w*|(?:disappear\w*|vanish\w*) (?:forever|for good|completely|and never)|sleep forever|(?:not|never) (?:to )?wake up(?! (?:late|early|in time|on time|at|before|until|till|hungover|sick))|never woke up|(?:be|was|were|am) gone|gone forever|not (?:be )?coming back|be done with (?:it all|life|everything|all of it|this life)|tired of (?:being alive|living|life|existing)|then it is over|it (?:will|would) (?:all )?be over|(?:would|could|to) (?:hit|run over) me|(?:do not think|doubt|not sure) i will be (?:here|around))\b/g;

/**
 * A first-person wish, hope or welcome: with a word of death it is a wish to be dead (C-SSRS 1),
 * which the lexicon also counts as 'crisis' ("want to die").
 */
const desire =
  /\b(?:want|wish|hope|pray|long|love to|like to|mind|rather|ready|tired of|sound\w* (?:peaceful|nice|good|easier|better|like (?:a )?relief)|relief|peaceful|at peace)\b/;

/** Harm done, not only named: with self-injury it is an act ("until they bled", "deeper"). */
const harmDone =
  /\b(?:until|till|deeper|deep|scar\w*|wound\w*|stitches|blood|bled|bleed\w*|blade|razor|to feel (?:it|something|anything|pain|real|better))\b/;

/** Self-injury: 'concern' on its own, unless the clause tells of an accident. */
const bodyPart =
  '(?:arm|arms|wrist|wrists|leg|legs|thigh|thighs|skin|stomach|head|hip|hips|body|hand|hands|face|chest|ankle|ankles)';
const selfInjury = new RegExp(
  `\\b(?:(?:cut|burn|scratch|hurt|punish|hit|harm|stab|starve|punch|carve|bruise) (?:myself|my ${bodyPart})|make myself (?:bleed|hurt|suffer|sick)|(?:until|till) (?:it|they|i) (?:bled|bleed|hurt)|bled|bleed\\w*(?! (?:the|a|radiator|radiators|brake|brakes|pipe|pipes))|cut (?:on|in|into|across) my ${bodyPart}|cut again|self harm\\w*|hurt myself|(?:just )?to feel (?:it|something|anything|pain|real))\\b`,
  'g',
);
const accident =
  /\b(?:accident\w*|by mistake|oven|stove|kettle|pan|iron\w*|cook\w*|bak\w*|shav\w*|chop\w*|slic\w*|garden\w*|gym|football|soccer|practice|training|match|cupboard|door|fell|fall|trip|tripped|slip\w*|nosebleed|dentist|paper)\b/;

/** Burden and belonging: 'concern' on their own. Those that carry their own negation come first. */
const burdenSelfNegated =
  /\b(?:miss|notice|care|mind|remember)(?: \w+)? (?:if|when|that) i (?:was|were|am|die|dead|disappear\w*|vanish\w*|gone|not|stop\w*|kill|end|never)\b|\b(?:miss|notice) me\b/g;
const burden =
  /\b(?:burden|better off (?:without me|if i|when i)|better without me|happier without me|easier (?:for \w+ )?(?:if i|without me)|(?:a )?weight on every\w*|drag\w* every\w* down|problem for every\w*|nothing but (?:a )?(?:problem|burden|waste|trouble)|waste of (?:space|air|oxygen)|(?:i just|if i) (?:disappear\w*|vanish\w*))\b/g;

/**
 * Plans without a named method ("i picked a date", "once everyone is asleep", "i have it all
 * planned"): 'concern' on their own, 'crisis' with a method or a set time or decision.
 */
const plan =
  /\b(?:(?:pick\w*|set|chose|choose) (?:a|the) (?:date|day)|(?:is|be) the day|the day is|(?:i will|i am going to|going to) (?:finally )?do it|plan\w* (?:it )?(?:down to|out|all|to the)|have it (?:all )?plan\w*|worked (?:it all|it|everything) out|know exactly (?:where|how|when) and (?:where|how|when)|(?:after|once|when) every\w* (?:is |are )?(?:asleep|gone|out|away)|figured out (?:which|where|when|how)|where to stand|every\w* (?:is )?arranged|(?:it|itll|it will) (?:will )?happen|it is going to be the \d+\w*)\b/g;
const setTime =
  /\b(?:decide|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|date|the day|the \d+\w*|hour|asleep|empty|over)\b/;

/** Farewells: 'concern' on their own. */
const farewell =
  /\b(?:(?:goodbye|final|last) (?:letter|note|message|video)s?|say (?:my )?goodbyes?(?: to)? (?:every\w*|the world|all of you|you all)|said my goodbyes|my goodbyes|whoever find\w* me|find my body)\b/g;

/** Method words: heard only with another signal. */
const method =
  /\b(?:pill|tablet|med|paracetamol|acetaminophen|tylenol|insulin|painkillers?|bottle(?! of (?:wine|beer|water|champagne|prosecco|milk|juice|coke|soda|cider|ketchup|shampoo))|rope|noose|hang(?! (?:the|a|an|up|out|on|around|with|in there|some|pictures?|laundry|washing|clothes|lights|shelves|decorations|my (?!self)))|jump|bridge|roof|ledge|edge|cliff|train|tracks?|traffic|gun|knife|blade|blades|razor|razors|lighter|belt|overdose|ledges?|take (?:everything|all of them|all of it|the lot|the whole (?:bottle|box|pack|packet)))\b/g;

/** What turns a method into a plan or an act. */
const preparation =
  /\b(?:save|saved up|stockpil\w*|hoard\w*|how many|how much|enough|tonight|a date|the date|research|buy|look up|look at|stare|staring|count|ready|plan|decide|on purpose|quick|painless|highest|do it|tied|when every\w* (?:is )?asleep|house (?:is )?empty|mum leaves|mom leaves|just for me|all the|together|look down|for ages|know the code|loaded|hid|hide|hidden|under my (?:pillow|bed|mattress)|stood (?:on|at)|stand (?:on|at)|standing (?:on|at)|sat on|sit on|a bus would|would hit me)\b/;

/** A method with a stated everyday purpose, or medication taken as directed. */
const everydayMethod =
  /\bfor (?!me\b|myself\b|the end\b|good\b|tonight\b|when\b|it\b|ages\b|(?:an? |the )?(?:hour|hours|minute|minutes|while|long|night|week|weeks|day|days)\b)\w+|\b(?:as prescribed|prescri\w*|per day|a day|twice|dose|dosage|pharmac\w*|doctor|gp|chemist|new|old|spare|replacement|organi[sz]er|pill box|refill|routine|vitamins?|until|to last|last me|bar|terrace|restaurant|pub|cafe|rooftop|concert|gig|birthday|wedding|party|trip|holiday|appointment|interview|meeting|dinner|match|into the (?:lake|pool|sea|ocean|water)|swim\w*|rock climbing|climbing|camping|fishing|commute|station|delayed|platform|ticket|fireworks|view|watch|cook\w*|chop\w*|chef|kitchen|jump shot|jump rope|trampoline|bungee)\b/;

/** A clause that opens with someone else as its subject. */
const otherSubject =
  /^(?:he|she|they|his|her|their|my (?:friend|mum|mom|mother|dad|father|brother|sister|son|daughter|wife|husband|partner|doctor|roommate)|someone|somebody|people)\b/;

export interface Fallback {
  level: 'none' | 'concern' | 'crisis';
  category?: RiskCategory;
}

/** A match that is not negated and not someone else's (the nearest person named before it). */
function heard(clause: string, before: string, pattern: RegExp, negatable = true): boolean {
  for (const found of clause.matchAll(pattern)) {
    if (negatable && negatedAt(clause, found.index)) continue;
    const speaker = speakerAt(clause, found.index);
    if (speaker === 'other') continue;
    if (speaker === 'none' && speakerAt(before, before.length) === 'other') continue;
    return true;
  }
  return false;
}

/**
 * The fallback for one clause (already guarded). `before` is the text of the earlier clauses of
 * the same text, `next` the clause after it (a preparation word may stand there: "pills in my
 * hand, counting them"), `previous` the clause before it, which may name an everyday purpose
 * for a plan ("planning her birthday, the day is saturday").
 */
export function firstPersonFallback(clause: string, before: string, next = '', previous = ''): Fallback {
  const text = clause.replace(idioms, '~').replace(someoneOfMine, 'someone ');
  const isMethod = !everydayMethod.test(text) && heard(text, before, method);
  const isDeath = !joking.test(text) && heard(text, before, death);
  const isInjury = !accident.test(text) && heard(text, before, selfInjury);
  if (isMethod) {
    const nextText = otherSubject.test(next) ? '' : next.replace(idioms, '~');
    if (preparation.test(text) || (!everydayMethod.test(nextText) && preparation.test(nextText))) {
      return { level: 'crisis', category: 'preparatory' };
    }
    if (isDeath || isInjury) return { level: 'crisis', category: 'method' };
    if (heard(text, before, plan)) return { level: 'crisis', category: 'plan' };
  }
  if (isInjury) {
    return { level: harmDone.test(text) ? 'crisis' : 'concern', category: 'self-harm' };
  }
  if (isDeath) return { level: desire.test(text) ? 'crisis' : 'concern', category: 'wish-to-be-dead' };
  if (heard(text, before, burdenSelfNegated, false) || heard(text, before, burden)) {
    return { level: 'concern', category: 'burden-belonging' };
  }
  if (!everydayMethod.test(`${previous} ${text}`) && heard(text, before, plan)) {
    return { level: setTime.test(`${text} ${next}`) ? 'crisis' : 'concern', category: 'plan' };
  }
  if (heard(text, before, farewell)) return { level: 'concern', category: 'preparatory' };
  return { level: 'none' };
}
