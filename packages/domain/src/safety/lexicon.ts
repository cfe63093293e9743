/**
 * The phrases the risk check listens for, written against normalise.ts output (lower case, no
 * apostrophes, "i am", "do not", "cannot", verbs in one form: "die", "kill", "take", "think").
 * Grouped by the Columbia Suicide Severity Rating Scale (C-SSRS) questions, plus hopelessness and
 * ambiguous injury, which only ask gently. Methods count only inside a first-person frame of
 * wanting, planning or thinking ("thinking about jumping off the bridge"), never as bare words.
 */

export const riskCategories = [
  'wish-to-be-dead',
  'active-ideation',
  'method',
  'intent',
  'plan',
  'preparatory',
  'self-harm',
  'burden-belonging',
  'hopelessness',
] as const;
export type RiskCategory = (typeof riskCategories)[number];

export interface LexiconEntry {
  /** A short name for what was found; never the writer's own words. */
  label: string;
  category: RiskCategory;
  level: 'crisis' | 'concern';
  pattern: RegExp;
  /** False when the phrase carries its own negation ("do not want to live"). */
  negatable?: false;
}

/** Wanting, planning, thinking: what turns a method into a risk statement. */
const frame =
  '(?:want to|going to|will|could|think how|think that|wonder|plan to|plan on|think about|think of|imagine|fantasi[sz]e about|consider|tempted to|decide to|ready to|urge to|urges to|could just|should just|might just|about to|need to|wish i could|try to|tried to|attempt to|almost|keep think about|been think about|close to)';
const filler = '(?: \\w+){0,5}';
const framed = (method: string) => new RegExp(`\\b${frame}${filler} (?:${method})\\b`);

const pills =
  '(?:sleeping )?(?:pill|tablet|med|paracetamol|acetaminophen|tylenol|ibuprofen|aspirin|painkillers?|insulin|xanax|ambien|antidepressants?|benzos?|lithium|opioids?|oxy\\w*|codeine|sertraline|prozac|zoloft|seroquel|quetiapine)';

export const lexicon: LexiconEntry[] = [
  // Wish to be dead (C-SSRS 1).
  {
    label: 'want to die',
    category: 'wish-to-be-dead',
    level: 'crisis',
    pattern:
      /\b(?:want|wish|deserve|ready|long|like|need|pray)(?: so badly| so bad| really)?(?: to)?(?: i could| i would| i can)?(?: just| simply| really| honestly| all)? (?:to )?die\b|\bfeel like (?:i want to )?die\b|\brather be dead\b/,
  },
  {
    label: 'wish I was dead',
    category: 'wish-to-be-dead',
    level: 'crisis',
    pattern:
      /\bwish i (?:was|were|am|could be|would be) (?:dead|never born|gone)\b|\bwish i (?:had never been born|(?:would|could) (?:just )?not wake up|did not exist|could (?:just )?stop exist\w*|was not alive|were not alive)\b|\bwant to (?:just )?(?:be dead|not exist\w*|stop exist\w*|not be alive|not wake up|never wake up|sleep forever|not be here anymore)\b/,
  },
  { label: 'better off dead', category: 'wish-to-be-dead', level: 'crisis', pattern: /\bbetter off dead\b/ },
  {
    label: 'never wake up',
    category: 'wish-to-be-dead',
    level: 'crisis',
    negatable: false,
    pattern:
      /\b(?:sleep|go to sleep) (?:and|forever and) never wake up\b|\bhope i (?:die|do not wake up|never wake up|will not wake up)\b|\bnever want to wake up\b|\bhope (?:a|the) (?:car|bus|truck|train|plane) (?:hit|crash)|\bpray i (?:do not|will not|never) wake up\b|\b(?:death|die|being dead|not waking up) (?:would be|will be|sounds|seems|feels like|is) (?:a |such a )?(?:relief|peaceful|nice|easier|better|welcome|freedom|mercy)\b|\b(?:easier|better) (?:for everyone )?if i (?:was|were) (?:dead|not alive)\b|\b(?:happier|better|easier|relieved) (?:off )?if i (?:died|die|killed myself)\b|\bbetter (?:off )?if i (?:was|were|am) (?:gone|not here|not around|not in it|not alive|dead)\b/,
  },
  {
    label: 'wish to be dead',
    category: 'wish-to-be-dead',
    level: 'crisis',
    negatable: false,
    pattern:
      /\b(?:want|wish|hope|pray|fantasi[sz]e|dream|long|keep)(?: \w+){0,4} (?:sleep|asleep) (?:forever|and (?:not|never) wake up)\b|\b(?:fantasi[sz]e|dream|daydream|think) about (?:not existing|not being alive|being dead|my death|my own death|my funeral|not waking up)\b|\bwant to (?:just )?(?:stop being alive|stop living)\b|\bnever (?:been )?born\b|\bwould not mind die\b/,
  },
  {
    label: 'no reason to live',
    category: 'wish-to-be-dead',
    level: 'crisis',
    negatable: false,
    pattern:
      /\b(?:no|any|the) (?:reason|point) (?:to|in|of) (?:live|living|go on|going on|be alive|being alive|life|stay alive|staying alive)\b|\bnothing (?:left )?to live for\b|\bnot worth living\b|\blife is not worth (?:it|living)\b|\bwhat is the point (?:of|in) (?:living|life|being alive|going on)\b/,
  },
  {
    label: "don't want to live",
    category: 'wish-to-be-dead',
    level: 'crisis',
    negatable: false,
    pattern:
      /\b(?:do not|no longer|does not|never) (?:even |really |honestly |just )?want to (?:live|be alive|wake up|exist|go on|keep living|be here (?:anymore|any more|any longer|on this earth|in this world))\b|\bdo not (?:even )?feel like (?:living|being alive|going on|existing)\b|\bdo not care if i (?:die|live|wake up|am dead)\b|\bwould not mind (?:die|if i die|not wake up|not waking up|being dead)\b|\bnot sure (?:if )?i want to (?:live|be alive|keep living|go on|exist)\b/,
  },
  {
    label: 'tired of living',
    category: 'wish-to-be-dead',
    level: 'concern',
    pattern:
      /\btired of (?:living|being alive|existing|life|being here)\b|\bdone (?:with )?(?:living|life|being alive|existing)\b|\bshould (?:just )?(?:be dead|not be alive)\b/,
  },

  // Active ideation (C-SSRS 2).
  { label: 'kill myself', category: 'active-ideation', level: 'crisis', pattern: /\bkill myself\b/ },
  {
    label: 'end my life',
    category: 'active-ideation',
    level: 'crisis',
    pattern:
      /\bend (?:my (?:own )?life|it all|everything|my existence)\b|\b(?:want to|going to|ready to|think about|plan to|should just|might just|could just|just want to|about to|time to|feel like|might) end it\b(?! here| there| with| for today| early| now and)|\bend (?:it|everything|things|the pain|my pain|this pain) (?:permanently|for good|forever)\b|\bwant out of (?:this|my) life\b|\bwant out of (?:life|existence|this world)\b/,
  },
  {
    label: 'take my life',
    category: 'active-ideation',
    level: 'crisis',
    pattern: /\btake my (?:own )?life\b/,
  },
  { label: 'suicidal', category: 'active-ideation', level: 'crisis', pattern: /\bsuicidal\b/ },
  {
    label: 'suicide',
    category: 'active-ideation',
    level: 'crisis',
    pattern:
      /\b(?:commit|attempt|plan|think about|think of|consider|contemplate|contemplating|want to commit) suicide\b|\bsuicide (?:think|ideation|pact)\b|\bsuicide (?:feels|seems|is|sounds) (?:like )?(?:the|my|an|a good) (?:only|best|answer|option|way out)\b|\bsuicide is all i (?:can )?think about\b|\bplan (?:my|a) suicide\b|\bmy suicide (?:plan|date)\b|\b(?:only|best) (?:option|way out) is (?:to die|death|suicide)\b/,
  },
  {
    label: 'should die',
    category: 'active-ideation',
    level: 'crisis',
    pattern: /\bi (?:should|just should|need to|have to) (?:just )?die\b|\b(?:want|going) to be gone\b/,
  },
  {
    label: 'end things',
    category: 'active-ideation',
    level: 'concern',
    pattern: /\b(?:want to|going to|ready to|think about|plan to|should just) end things\b(?! with)/,
  },
  {
    label: 'suicide attempt',
    category: 'active-ideation',
    level: 'concern',
    pattern: /\bmy suicide\b|\bsurvive (?:a|my) suicide attempt\b/,
  },

  // Method (C-SSRS 3): bare method words never count, only a method the writer turns on themself.
  {
    label: 'method',
    category: 'method',
    level: 'crisis',
    pattern:
      /\b(?:hang|drown|shoot|stab|poison|starve|suffocate|electrocute) myself\b|\b(?:slit|cut|open) my (?:wrist|wrists|throat)\b|\bgun to my head\b|\bnoose\b(?= (?:for me|around my neck|ready))|\bthrow myself (?:off|in front of|under)\b|\b(?:tie|tied|make|made|bought|have|got) (?:a |the |my )?noose\b|\b(?:stood|stand|stepped|sat|sit) on the (?:edge|ledge) of (?:the |a )?(?:roof|bridge|building|cliff|balcony|platform)\b/,
  },
  {
    label: 'method',
    category: 'method',
    level: 'crisis',
    pattern: framed(
      `jump (?:off|from|in front of) (?:a |the |my |this |that |our )?(?:\\w+ )?(?:bridge|building|roof|rooftop|cliff|balcony|window|ledge|overpass|tower|car park|parking garage|train|bus|truck|car|platform|top floor|edge)|step in front of|walk in front of|walk into traffic|swerve (?:into|off)|drive (?:my car )?(?:off|into)|crash my car|overdose|take (?:all|every|enough|too many)(?: \\w+){0,3} ${pills}|swallow|drink myself to death|bleed out|stop eat|never come back`,
    ),
  },
  {
    label: 'overdose',
    category: 'method',
    level: 'crisis',
    pattern: new RegExp(
      `\\b(?:take|swallow|down) (?:too many|enough|a (?:bunch|handful|lot|bottle|pack|box) of|the whole (?:bottle|pack|box) of|a whole (?:bottle|pack|box) of)(?: of)?(?: my| the| those| these| her| his)?(?: \\w+)? ${pills}\\b|\\boverdose on (?:my |the |all my |all the )?(?:\\w+ )?${pills}\\b`,
    ),
  },

  // Intent (C-SSRS 4) and plan (C-SSRS 5).
  {
    label: 'intent',
    category: 'intent',
    level: 'crisis',
    pattern:
      /\bthis is my last (?:entry|night|day|message|post|goodbye)\b|\b(?:tonight|today|tomorrow) is the (?:night|day)\b(?! (?:of|for|we|i get))|\bi will not be (?:here|around|alive) (?:tomorrow|next week|much longer|for long|by)\b|\bgoodbye (?:everyone|world|forever|cruel world)\b|\bthis is goodbye\b|\bby the time (?:you|anyone|someone|they) (?:read|reads|find|finds) this\b|\bsorry for what i am (?:about|going) to do\b|\btonights the night\b|\bi will not be (?:here|around|alive) anymore\b|\b(?:going to|will|ready to|decide to) (?:do it|go through with it) (?:tonight|tomorrow|today|this week|this weekend|soon)\b|\bdecide to (?:die|end it|end things|go through with it)\b/,
  },
  {
    label: 'plan',
    category: 'plan',
    level: 'crisis',
    pattern:
      /\b(?:figured out|worked out|figure out|work out) (?:how|when|where) i (?:would|will|could|am going to) (?:do it|die|end it|kill myself)\b|\bknow (?:exactly )?(?:how|when|where)(?: and (?:how|when|where))? i (?:would|will|am going to|want to|could) do it\b|\bhave (?:a|my|the) (?:plan|method) (?:to|for)(?: how to)? (?:die|kill|end|suicide|do it)\b|\bplan (?:out )?(?:how|when|where) (?:i )?(?:would |will |am going to )?(?:do it|die|end it|kill)\b|\b(?:pick|picked|chose|choose|set) (?:a|the) (?:date|day|time|place|spot|bridge) (?:to|for when i) (?:die|do it|end it|go)\b|\bhave it (?:all )?plan out\b/,
  },

  // Preparatory behaviour (C-SSRS 6).
  {
    label: 'preparing',
    category: 'preparatory',
    level: 'crisis',
    pattern: new RegExp(
      `\\b(?:save|stockpile|stockpiling|hoard|hoarding|stash|stashing|collect|collecting|gather|gathering) (?:up )?(?:all |some )?(?:of )?(?:my |the |these |those )?(?:\\w+ )?${pills}\\b|\\b${pills} (?:are |is )?(?:save|saved|stash|stashed|hidden|hide|ready|stockpiled|stockpile|line up)\\b|\\b(?:suicide|goodbye) (?:note|notes|letter|letters)\\b|\\bwrite (?:a|my) (?:will|last letter)\\b|\\bgive away (?:all )?(?:my )?(?:belongings|possessions|everything i own|all my stuff|all my things)\\b|\\bgive (?:all )?(?:my )?(?:stuff|things|belongings|possessions) away\\b|\\bsuicide method\\w*|\\b(?:enough|all the) ${pills} (?:now|to (?:die|do it|end it|kill myself))\\b|\\blook up (?:how high|the height of) (?:the )?(?:bridge|building|roof|cliff)\\b|\\b(?:say|said|saying) my goodbyes\\b|\\bwrite (?:\\w+ ){0,2}(?:letter|letters|note|notes) to say goodbye\\b|\\bcount (?:my|the|all my|all the) ${pills}\\b|\\bto the (?:bridge|cliff|tracks|train tracks|roof|edge)(?: \\w+){0,8} (?:think about it|to jump|and look down|to do it)\\b|\\b(?:rope|noose|gun|${pills}|blade|blades|razor|razors) (?:in|under|at) (?:my|the) \\w+ (?:just in case|for when|for later)\\b|\\b(?:research|look up|google|search|search for|read about) (?:how to|ways to|methods to|painless ways to|the best way to) (?:die|kill myself|end it|overdose|commit suicide)\\b|\\bhow (?:many|much) (?:of )?(?:my |the |your )?(?:\\w+ )?${pills} (?:would it take|does it take|it take|until|is too many|is lethal|is deadly|to (?:die|overdose|kill|not wake up))|\\bhow (?:many|much) (?:\\w+ ){0,3}(?:to die|to overdose|is lethal|is a lethal dose|to kill myself|to not wake up)\\b|\\bpainless (?:way|ways|method|methods) to (?:die|go|end it)\\b|\\b(?:bought|buy|got) (?:a |the )?(?:rope|gun|noose) (?:for myself|to (?:die|end it|do it|hang))\\b`,
    ),
  },

  // Self-harm, outside the suicide questions.
  {
    label: 'hurt myself',
    category: 'self-harm',
    level: 'crisis',
    pattern:
      /\b(?:want to|going to|urge to|urges to|think about|think of|keep|start|started|been|again|so i|need to|tempted to) (?:hurt|harm|cut|burn|scratch|punch|hit|bang|carve|bite|punish) myself\b|\b(?:harm|cut|burn|carve|scratch) myself\b|\b(?:cut|burn) (?:my|into my) (?:arm|arms|thigh|thighs|leg|legs|skin|wrist|wrists|stomach)\b|\b(?:hit|punch|slap|bite|starve|cut|burn|hurt) myself (?:until|till|so hard|again and again|on purpose|deliberately)\b|\bcut again\b|\bfresh (?:cut|cuts|scars) on my\b|\bi (?:cut|burn) (?:last night|tonight|today|yesterday|this morning|this week)\b|\bwant to cut(?: tonight| again| deep| deeper| so bad|$)|\b(?:razor|blade|knife|lighter) (?:on|to|into|against|across) my (?:arm|arms|wrist|wrists|thigh|thighs|leg|legs|skin|stomach)\b|\bmade myself bleed\b|\bcarve (?:\w+ ){0,3}(?:into|on|in) my (?:arm|arms|skin|leg|legs|thigh|thighs|wrist|wrists|stomach)\b|\bmake myself bleed\b/,
  },
  {
    label: 'self-harm',
    category: 'self-harm',
    level: 'crisis',
    pattern:
      /\bself (?:harm|injury|injure)\b|\brelapse(?: and| on| with| into)? (?:self harm|cut|cutting|burn)\b|\burge to (?:cut|self harm|bleed)\b/,
  },
  // An injury ("I hurt myself") may be either: ask gently, never alarm.
  {
    label: 'hurt myself',
    category: 'self-harm',
    level: 'concern',
    pattern:
      /\b(?:hurt|punish) myself\b|\b(?:punch|hit|bang|kick) (?:the |a )?wall (?:until|till) (?:i|my \w+) (?:bled|bleed)\b|\bwant to feel (?:physical )?pain\b|\bdeserve (?:to (?:hurt|suffer|feel pain|be in pain)|the pain|pain)\b/,
  },

  // Perceived burden and thwarted belonging.
  {
    label: 'better off without me',
    category: 'burden-belonging',
    level: 'crisis',
    pattern:
      /\bbetter off without me\b|\b(?:world|everyone|everybody|they|family|life) (?:would be|will be|is) better without me\b/,
  },
  {
    label: 'burden',
    category: 'burden-belonging',
    level: 'concern',
    negatable: false,
    pattern:
      /\b(?:happier|fine|relieved|easier) without me\b|\b(?:fine|happier|okay|ok|easier|relieved) (?:off )?if i (?:was|were|am) (?:gone|not here|not around)\b|\bi do not matter to (?:anyone|anybody|nobody)\b|\bfeel (?:like )?(?:such )?(?:a|an) burden\b|\bi am (?:just |such |only |nothing but )?(?:a|an) (?:burden|waste of (?:space|air|oxygen))\b|\b(?:a|such a) burden (?:to|on) (?:everyone|everybody|my family|them|you|people|my friends|my parents)\b|\bnobody would (?:even )?(?:notice|care|miss me) (?:if i (?:was|were|am|died|die|disappear|disappeared|vanish|left forever|kill myself|was not here|were not here)|i am gone)\b|\bnobody would (?:even )?miss me\b|\bnobody (?:cares|would care) (?:about me|if i (?:live|die|was gone|disappear))\b|\bnobody will miss me\b|\bi do not belong (?:anywhere|here|in this world)\b|\bno place for me in this world\b/,
  },

  // Hopelessness: not a C-SSRS question, asked about gently.
  {
    label: "can't go on",
    category: 'hopelessness',
    level: 'concern',
    negatable: false,
    pattern:
      /\bcannot (?:go on(?! (?:the|a|an|my|holiday|vacation|trip|tour|stage|date|air|about|with))|keep going(?! to)|do this anymore|do this any more|take (?:it|this) (?:anymore|any more|any longer)|take (?:much|any) more|handle (?:this|it|life) anymore|keep living)\b|\bdo not think i can (?:go on|keep going|do this|keep living)\b|\bno way out\b(?! of (?:the|this|that) (?:traffic|parking|car park|maze|building|contract|deal|meeting|game|level|room|jam))|\bgive up on (?:life|everything|living)\b|\bi (?:feel|am) (?:so |completely |totally )?hopeless\b(?! (?:at|with|when it comes))|\bwant (?:it|this|everything|it all) to be over\b|\bso tired of (?:everything|it all|all of it)\b|\bmy life is (?:pointless|meaningless|not worth it)\b|\bdo not see (?:a|any) (?:future|way forward)\b(?! in| at| with| for (?:this|the|us|our))|\bno future for me\b|\bwhy am i (?:even |still )*alive\b|\bwhy do i (?:even |still )*exist\b|\bcannot live (?:like this|anymore|any more|with myself)\b|\b(?:easy|want|ready) to (?:just )?let go\b(?! of)/,
  },
  {
    label: 'disappear',
    category: 'hopelessness',
    level: 'concern',
    pattern:
      /\b(?:want|wish) (?:i could |to )?(?:just )?(?:disappear|vanish|stop existing|fade away)\b|\bwish i (?:was not|were not) (?:here|alive|around)\b|\bwant (?:it all|everything|the pain|it|this) to (?:end|stop)\b(?! \w+ing)|\bmake it (?:all )?stop\b/,
  },
];
