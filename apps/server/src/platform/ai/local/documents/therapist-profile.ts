import { aiDocumentMessages, formatShortDay, type TherapistProfile } from '@mindledger/domain';
import type { JourneyInput } from '../../port.js';
import {
  answerQuote,
  formatLabels,
  journeyFacts,
  labelsOf,
  notSaidYet,
  type Found,
  type JourneyFacts,
} from './journey-facts.js';
import { journeyTopics, type JourneyTopic } from '../../journey-topics.js';
import { endSentence, listOf, plural, shorten, upperFirst } from './text.js';

/** "Anxiety and worry: “…”" for each found term. */
export const withQuotes = (found: readonly Found[]) => found.map((f) => `${upperFirst(f.label)}: ${f.quote}`);

/** Like `withQuotes`, with the labels found in the same sentence on one line. */
export function groupedQuotes(found: readonly Found[], prefix = ''): string[] {
  const groups = new Map<string, string[]>();
  for (const f of found) groups.set(f.quote, [...(groups.get(f.quote) ?? []), f.label]);
  return [...groups].map(
    ([quote, labels]) => `${prefix}${prefix ? listOf(labels) : upperFirst(listOf(labels))}: ${quote}`,
  );
}

const orSaid = (items: string[], fallback: string) => (items.length ? items : [fallback]);

/** The found terms with their quotes; else the topic's answer as said; else "not said yet". */
export function foundOr(facts: JourneyFacts, found: readonly Found[], topic: JourneyTopic): string[] {
  if (found.length) return groupedQuotes(found);
  const answer = answerQuote(facts, topic);
  return [answer ? `In your words: ${answer}` : notSaidYet[topic]];
}

function expertise(facts: JourneyFacts): string[] {
  if (facts.concerns.length) return withQuotes(facts.concerns);
  const reasons = answerQuote(facts, 'reasons');
  return [reasons ? `What you shared about why you're looking: ${reasons}` : notSaidYet.reasons];
}

function culture(facts: JourneyFacts): string[] {
  const items = facts.culture.map((f) => `${upperFirst(f.label)}, which you mentioned: ${f.quote}`);
  for (const language of facts.languages) {
    if (language.label !== 'English') items.push(`Sessions in ${language.label}, as you asked`);
  }
  return orSaid(
    items,
    "You haven't mentioned cultural, faith or identity considerations; you can add any that matter to you.",
  );
}

function practiceFocus(facts: JourneyFacts): string[] {
  const items = groupedQuotes(facts.hopes);
  if (!items.length && facts.answers.hopes) items.push(`What you hope for: ${answerQuote(facts, 'hopes')}`);
  for (const goal of facts.goals.slice(0, 5))
    items.push(`Support with your goal “${shorten(goal, 200).text}”`);
  return orSaid(items, notSaidYet.hopes);
}

function languages(facts: JourneyFacts): string[] {
  if (facts.languages.length) return facts.languages.map((l) => l.label);
  if (facts.answers.language) return [`“${shorten(facts.answers.language, 60).text}”`];
  return ["You haven't said which language you prefer."];
}

function flexibility(facts: JourneyFacts): string {
  if (facts.flexibility) return `In your words: ${facts.flexibility.quote}`;
  if (facts.answers.timing) return "You didn't say how flexible your schedule is.";
  return "You haven't said yet when you're available or how flexible your schedule is.";
}

function background(facts: JourneyFacts): string {
  const parts: string[] = [];
  if (facts.concerns.length) {
    parts.push(
      `Look for someone with experience in ${listOf(labelsOf(facts.concerns))}, the areas you raised.`,
    );
  } else if (facts.answers.reasons) {
    parts.push(
      endSentence(`Look for someone with experience in what you described: ${answerQuote(facts, 'reasons')}`),
    );
  } else {
    parts.push(`${notSaidYet.reasons} Once you do, this can describe the experience to look for.`);
  }
  if (facts.culture.length) {
    parts.push(
      `You also mentioned ${listOf(labelsOf(facts.culture))}; a therapist familiar with this may help.`,
    );
  }
  if (facts.approaches.length) {
    const them = facts.approaches.length > 1 ? 'them' : 'it';
    parts.push(
      `You brought up ${listOf(labelsOf(facts.approaches))}; ask whether they are trained in ${them}.`,
    );
  }
  return parts.join(' ');
}

function sessionStructure(facts: JourneyFacts): string[] {
  const items: string[] = [];
  if (facts.format) items.push(`${formatLabels[facts.format.kind]}: ${facts.format.quote}`);
  if (facts.times.length) items.push(`Times that suit you: ${listOf(labelsOf(facts.times))}`);
  if (facts.budget.length) items.push(...groupedQuotes(facts.budget, 'Cost, mentioning '));
  else if (facts.answers.budget) items.push(`Cost: ${answerQuote(facts, 'budget')}`);
  return orSaid(items, "You haven't said yet how you'd like sessions to be set up.");
}

function searchContext(facts: JourneyFacts): string {
  const answered = journeyTopics.length - facts.missing.length;
  const parts = [
    `This profile was put together on ${formatShortDay(facts.today)} from your Initial Journey conversation, in which you answered ${answered} of the ${journeyTopics.length} questions.`,
  ];
  const filters = [
    facts.format ? formatLabels[facts.format.kind].toLowerCase() : '',
    facts.languages.length ? `sessions in ${listOf(labelsOf(facts.languages))}` : '',
    `the ${facts.timeZone} time zone`,
    facts.concerns.length ? `experience with ${listOf(labelsOf(facts.concerns))}` : '',
  ].filter(Boolean);
  parts.push(
    `When you search a therapist directory or talk to a referral service, you can filter by ${listOf(filters)}.`,
  );
  if (facts.format && facts.format.kind !== 'in person') {
    parts.push(
      'Therapists are usually licensed where they practise, so for online sessions check that they can see clients where you live.',
    );
  }
  if (facts.budget.length) parts.push(`On cost, you mentioned ${listOf(labelsOf(facts.budget))}.`);
  if (facts.recentEmotions.length) {
    const felt = facts.recentEmotions.map((e) => `${e.name} (${plural(e.count, 'check-in')})`);
    parts.push(`In the last 30 days the feelings you checked in with most were ${listOf(felt)}.`);
  }
  if (facts.missing.length) {
    const missing = journeyTopics.filter((t) => facts.missing.includes(t.id)).map((t) => t.about);
    parts.push(`Not covered yet: ${listOf(missing)}.`);
  }
  return parts.join(' ');
}

export function therapistProfile(input: JourneyInput): TherapistProfile {
  const facts = journeyFacts(input);
  return {
    profile_info: { client_name: facts.firstName || 'You' },
    provider_parameters: {
      expertise_areas: expertise(facts),
      cultural_competencies: culture(facts),
      therapeutic_approaches: orSaid(
        facts.approaches.map((a) => `${upperFirst(a.label)}, which you mentioned: ${a.quote}`),
        facts.answers.approaches
          ? `In your words: ${answerQuote(facts, 'approaches')}`
          : `${notSaidYet.approaches} A therapist can explain the ones they use.`,
      ),
      practice_focus: practiceFocus(facts),
    },
    logistical_factors: {
      format: {
        requirements: facts.format
          ? [formatLabels[facts.format.kind], `In your words: ${facts.format.quote}`]
          : foundOr(facts, [], 'format'),
      },
      location: {
        time_zone: facts.timeZone,
        preferences: [
          facts.answers.location ? `In your words: ${answerQuote(facts, 'location')}` : notSaidYet.location,
        ],
      },
      language: languages(facts),
      scheduling: {
        preferred_times: facts.times.length
          ? labelsOf(facts.times).map(upperFirst)
          : foundOr(facts, [], 'timing'),
        flexibility: flexibility(facts),
      },
    },
    match_priorities: {
      professional_background: { description: background(facts) },
      communication_style: { preferences: foundOr(facts, facts.communication, 'communication') },
      treatment_modalities: {
        preferences: facts.approaches.length
          ? labelsOf(facts.approaches).map(upperFirst)
          : foundOr(facts, [], 'approaches'),
      },
      session_structure: { preferences: sessionStructure(facts) },
    },
    search_context: searchContext(facts),
    disclaimer: aiDocumentMessages.disclaimer,
  };
}
