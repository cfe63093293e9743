/**
 * Everyday language that borrows the words of risk: idioms ("dying to", "killing it", "burning
 * myself out"), accidents ("cut myself shaving"), objects that "die", news and fiction ("the
 * overdose crisis", "suicide squad"). Each guard blanks its span in normalised text (normalise.ts)
 * before the lexicon runs, so a later clause of the same text is still heard.
 */

const objects =
  '(?:phone|battery|laptop|car|plant|plants|computer|charger|headphones|tablet|tv|ipad|airpods|mouse|remote|torch|flashlight|engine|wifi|conversation|party|vibe|bulb|lightbulb|game|server|internet|printer|watch|fitbit|kindle|speaker|pen|show|series|trend|meme)';

const accidents =
  '(?:shave|shaving|cook|cooking|bake|baking|while (?:cook|cooking|shaving|chopping|baking|ironing|gardening|working|playing|running|climbing)|on (?:a|the|some) |with (?:a|the) (?:knife|oven|iron|pan|kettle|stove)|chop|chopping|slice|slicing|iron|ironing|at (?:the|work|football|practice|training|soccer|basketball|gym)|play|playing|run|running|lift|lifting|ski|skiing|hike|hiking|fall|falling|by accident|opening|in the kitchen|gardening|this morning (?:at|on|while))';

export const guards: RegExp[] = [
  // Idioms.
  /\bburn (?:myself |yourself |ourselves )?out\b/g,
  /\bdie (?:of|from) (?:embarrassment|shame|boredom|laughter|cringe|cuteness|happiness|excitement|heat|thirst|hunger|old age|curiosity)\b/g,
  /\bdie laugh\w*\b|\bkill myself laugh\w*\b|\bdie a little\b/g,
  /\b(?:am|is|are|was|were|be|been|literally|just) die (?:to|for)\b|\bdie to (?:see|know|try|meet|hear|go|get|read|watch|find|eat|tell|show|share|visit)\b|\bto die for\b/g,
  /\bkill it\b(?! all)|\bkill (?:the|that|this) (?:game|set|presentation|exam|interview|performance|look)\b/g,
  /\bkill myself (?:at|over|trying|to (?:finish|get|make|meet|keep)|for (?:this|that|the|a|work|my job|nothing)|with work|work|study|studying)\b/g,
  /\bdead (?:tired|on my feet|serious|set|end|last|heat|weight|ringer|giveaway)\b/g,
  new RegExp(
    `\\b${objects} (?:just |finally |totally |completely )?(?:die|is dead|was dead|went dead)\\b`,
    'g',
  ),
  /\bdisappear into\b/g,
  /\bkill for (?:a|an|some|the|this|that|one)\b/g,
  /\boverdose on (?!(?:my |the |all my |all the )?(?:\w+ )?(?:sleeping )?(?:pill|tablet|med|paracetamol|tylenol|painkillers|insulin|xanax|ambien|heroin|fentanyl|drugs))/g,
  /\btake my life (?:back|in|into|seriously|to)\b/g,
  /\b(?:die|dye) (?:my|her|his|their|the|our) (?:hair|beard|clothes|shirt|eyebrows|roots|jeans)\b/g,
  /\b(?:rather|sooner) die than\b|\bdie on (?:this|that) hill\b/g,
  /\bshoot myself in the foot\b/g,
  /\bjump (?:off|from) (?:the |a )?(?:high dive|diving board|dock|pier|boat|swing|rope swing|trampoline)\b|\bjump (?:off|from) (?:\w+ ){1,4}into (?:the )?(?:lake|pool|sea|ocean|water|river)\b|\b(?:bungee|cliff|base) jump\w*/g,
  /\btake (?:all |every )?(?:of )?my (?:sleeping )?(?:pill|tablet|med|vitamin|vitamins|supplements)(?= (?:with|in the morning|at night|every|on time|today|before|after|this morning|regularly|as prescribed|properly))/g,
  /\bsave my (?:pill|med|tablet) for (?:the|my|a) (?:trip|holiday|vacation|flight|travel|week|weekend)\b/g,
  /\bhair ?cut\b|\bhair (?:got )?cut again\b/g,
  /\bend it with\b|\bend things with\b/g,
  /\bcut myself (?:some |a little |any )?(?:slack|off|a (?:slice|piece|break)|loose)\b/g,
  // Accidents: an injury with its circumstances is not self-harm.
  new RegExp(`\\b(?:accidentally |nearly |almost )?(?:cut|burn|hurt) myself ${accidents}`, 'g'),
  /\baccidentally (?:cut|burn|hurt) myself\b/g,
  // News, fiction and sport.
  /\b(?:overdose|opioid|suicide) (?:crisis|epidemic|rate|rates|statistics|stats|prevention|awareness|hotline|squad|mission|run|door|doors|sprint|sprints|drill|drills|burpees|bomber|bombing|bombers)\b/g,
  /\b(?:drug|opioid|fentanyl) overdose (?:death|deaths|crisis|epidemic)\b/g,
  // Filler that carries a negation but turns nothing around.
  /\bnot (?:going to|to) lie\b|\bno lie\b|\bnot kidding\b|\bnot joking\b|\bno joke\b|\bnot (?:to be|being) dramatic\b|\bdo not get me wrong\b|\bno offense\b|\bno cap\b/g,
];

/** Blanks every guarded span with "~" (a word that matches nothing and names no one). */
export function applyGuards(text: string): string {
  // A double negation is an affirmation: "not a day goes by that i do not want to die".
  let s = text.replace(/\bnot a day goes by (?:that |when |where )?i do not\b/g, 'every day i');
  // "if i died tomorrow, i would not mind": the condition is the wish.
  s = s.replace(/\bif i die(?: \w+)? \| i would not (mind|care)\b/g, 'i would not $1 die');
  for (const guard of guards) s = s.replace(guard, '~');
  return s;
}

const musicOrFiction =
  /[\u266a\u266b\u266c\u{1f3b5}\u{1f3b6}]|\b(?:lyric|lyrics|song|songs|sang|sing|sings|singing|chorus|verse|album|track|listening to|on repeat|quote|quoted|quoting|poem|poet|novel|book|film|movie|episode|line from|playlist|band|rapper|singer)\b/iu;

/**
 * Quotes and lyrics, where the text says so: when it speaks of a song, a poem or a book, quoted
 * spans and "♪ … ♪" spans are someone else's words and are left out. A quote of the writer's own
 * words ("I told her 'I want to die'") is kept, since nothing marks it as a work.
 */
export function withoutQuotedWorks(text: string): string {
  if (!musicOrFiction.test(text)) return text;
  return text
    .replace(
      /[\u266a\u266b\u266c\u{1f3b5}\u{1f3b6}][^\u266a\u266b\u266c\u{1f3b5}\u{1f3b6}]*[\u266a\u266b\u266c\u{1f3b5}\u{1f3b6}]/gu,
      ' , ',
    )
    .replace(/"[^"]*"|\u201c[^\u201d]*\u201d|\u00ab[^\u00bb]*\u00bb/g, ' , ')
    .replace(/(?:^|\s)'[^']{6,}'(?=\s|[.,!?]|$)/g, ' , ')
    .replace(/\blyrics?:.*$/gim, ' ');
}
