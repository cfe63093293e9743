import {
  aiDocumentMessages,
  formatShortDay,
  type ReflectionQuestion,
  type ReflectionSection,
  type SelfReflectionSummary,
} from '@mindledger/domain';
import { journeyTopics } from '../../journey-topics.js';
import type { JourneyInput } from '../../port.js';
import {
  answerQuote,
  formatLabels,
  journeyFacts,
  labelsOf,
  notSaidYet,
  type JourneyFacts,
} from './journey-facts.js';
import { groupedQuotes } from './therapist-profile.js';
import { endSentence, listOf, plural, quote, sentencesOf, upperFirst } from './text.js';

/** The provider and privacy paragraphs of the disclaimer box (the personal one is the AI disclaimer). */
export const reflectionDisclaimer = {
  personal: aiDocumentMessages.disclaimer,
  provider:
    "For providers: this summary was written by an AI from the client's own answers in the MindLedger Initial Journey. No clinician has reviewed it; it is not an assessment or a diagnosis. Please use your own judgement and talk with the client directly.",
  privacy:
    'Privacy: this summary holds personal information you shared. It stays in your account unless you choose to share it, and you can share it only with providers you are connected with. Share it only with people you trust.',
} as const;

const sentenceQuotes = (text: string | undefined, max = 3) =>
  text
    ? sentencesOf(text)
        .slice(0, max)
        .map((s) => quote(s, 160))
    : [];

function sections(facts: JourneyFacts): ReflectionSection[] {
  const result: ReflectionSection[] = [];
  const add = (section: Omit<ReflectionSection, 'id'>) => result.push({ id: result.length + 1, ...section });
  add({
    title: 'What Brings You Here',
    icon: 'compass',
    primaryHeading: 'In your words',
    primaryItems: sentenceQuotes(facts.answers.reasons).concat(
      facts.answers.reasons ? [] : [notSaidYet.reasons],
    ),
    ...(facts.concerns.length
      ? { secondaryHeading: 'Themes you mentioned', secondaryItems: labelsOf(facts.concerns).map(upperFirst) }
      : {}),
  });
  add({
    title: 'What You Hope For',
    icon: 'star',
    primaryHeading: 'In your words',
    primaryItems: sentenceQuotes(facts.answers.hopes).concat(facts.answers.hopes ? [] : [notSaidYet.hopes]),
    ...(facts.goals.length
      ? { secondaryHeading: 'Your goals', secondaryItems: facts.goals.slice(0, 5).map((g) => quote(g, 200)) }
      : {}),
  });
  const felt = facts.recentEmotions.map(
    (e) => `${e.name}: ${plural(e.count, 'check-in')} in the last 30 days`,
  );
  add({
    title: "How You've Been Feeling",
    icon: 'heart',
    primaryHeading: 'Your check-ins',
    primaryItems: felt.length ? felt : ["You haven't checked in with an emotion in the last 30 days."],
    ...(facts.feelings.length
      ? {
          secondaryHeading: 'Feelings you named in the conversation',
          secondaryItems: facts.feelings.map(upperFirst),
        }
      : {}),
  });
  const wishes = [
    facts.format ? formatLabels[facts.format.kind] : notSaidYet.format,
    facts.languages.length ? `Language: ${listOf(labelsOf(facts.languages))}` : notSaidYet.language,
    facts.times.length ? `Times: ${listOf(labelsOf(facts.times))}` : notSaidYet.timing,
    ...(facts.communication.length ? groupedQuotes(facts.communication) : [notSaidYet.communication]),
    ...(facts.approaches.length
      ? facts.approaches.map((a) => `${upperFirst(a.label)}, which you mentioned`)
      : [notSaidYet.approaches]),
  ];
  const practical = [`Time zone: ${facts.timeZone}`];
  const location = answerQuote(facts, 'location');
  if (location) practical.push(`Location: ${location}`);
  const budget = answerQuote(facts, 'budget');
  if (budget) practical.push(`Budget or insurance: ${budget}`);
  add({
    title: "What You're Looking For in a Therapist",
    icon: 'user-check',
    primaryHeading: 'Your preferences',
    primaryItems: wishes,
    secondaryHeading: 'Practical details',
    secondaryItems: practical,
  });
  const missing = journeyTopics.filter((t) => facts.missing.includes(t.id)).map((t) => upperFirst(t.about));
  add({
    title: 'Still to Think About',
    icon: 'help-circle',
    primaryHeading: 'Questions you have not answered yet',
    primaryItems: missing.length ? missing : ["You've answered every question of the Initial Journey."],
  });
  return result;
}

/** For a topic not answered yet: a question to think about before the next conversation. */
const openQuestions = {
  reasons: 'What made now feel like the right time to look for support?',
  format: 'Would online or in-person sessions fit your life better, and why?',
  location: 'Where would it be easiest for you to meet a therapist?',
  language: 'In which language do you find it easiest to talk about feelings?',
  timing: 'Which times in your week could you keep free for a session?',
  communication: 'Think of someone you find easy to talk to: what do they do that helps?',
  approaches: 'Is there a way of working you are curious about, or one you would rather avoid?',
} as const;

function questions(facts: JourneyFacts): ReflectionQuestion[] {
  const list: ReflectionQuestion[] = [];
  const concern = facts.concerns[0];
  if (concern) {
    list.push({
      question: `When ${concern.label} comes up for you, what do you notice first?`,
      context: `You mentioned: ${concern.quote}`,
    });
  }
  const emotion = facts.recentEmotions[0];
  if (emotion) {
    list.push({
      question: `What tends to be happening when you feel ${emotion.name.toLowerCase()}?`,
      context: `${emotion.name} is the feeling you checked in with most in the last 30 days.`,
    });
  }
  const goal = facts.goals[0];
  if (goal) list.push({ question: `How could a therapist help you with your goal “${goal}”?` });
  list.push({
    question: 'What would be a first small sign that therapy is helping you?',
    ...(facts.answers.hopes ? { context: `You hope for: ${answerQuote(facts, 'hopes')}` } : {}),
  });
  const open = journeyTopics.find((t) => facts.missing.includes(t.id) && t.id in openQuestions);
  if (open) list.push(openQuestions[open.id as keyof typeof openQuestions]);
  return list.slice(0, 5);
}

function narrative(facts: JourneyFacts): string {
  const hello = facts.firstName ? `${facts.firstName}, in` : 'In';
  const parts: string[] = [];
  const reasons = answerQuote(facts, 'reasons', 200);
  const hopes = answerQuote(facts, 'hopes', 200);
  if (reasons)
    parts.push(
      endSentence(`${hello} your Initial Journey conversation you shared what brings you here: ${reasons}`),
    );
  else
    parts.push(`${hello} your Initial Journey conversation you haven't said yet what brings you to therapy.`);
  if (facts.concerns.length) parts.push(`The themes in your words are ${listOf(labelsOf(facts.concerns))}.`);
  if (hopes) parts.push(endSentence(`You said you hope for this from therapy: ${hopes}`));
  if (facts.recentEmotions.length) {
    const felt = facts.recentEmotions.map((e) => `${e.name} (${plural(e.count, 'time')})`);
    parts.push(`In the last 30 days you checked in most often with ${listOf(felt)}.`);
  }
  if (facts.goals.length) parts.push(`You are working on ${plural(facts.goals.length, 'goal')}.`);
  const answered = journeyTopics.length - facts.missing.length;
  parts.push(
    answered <= 2
      ? 'You have shared only a little so far, so this summary is short; continuing the conversation will fill it in.'
      : `You answered ${answered} of the ${journeyTopics.length} Initial Journey questions.`,
  );
  return parts.join(' ');
}

export function selfReflectionSummary(input: JourneyInput): SelfReflectionSummary {
  const facts = journeyFacts(input);
  return {
    documentInfo: {
      title: 'Your Personal Reflection Journey',
      subtitle: 'What you shared in your Initial Journey conversation',
      dateRange: `As of ${formatShortDay(facts.today)}`,
    },
    narrativeSummary: { content: narrative(facts) },
    sections: sections(facts),
    reflectionQuestions: {
      title: 'Questions to Reflect On',
      icon: 'message-circle',
      color: '#6366F1',
      questions: questions(facts),
    },
    conclusion: {
      content:
        'Putting this into words is a real step. You can keep this summary for yourself, bring it to a first appointment, or share it with a provider you are connected with. You can come back to the Initial Journey at any time and add to what you said.',
    },
    disclaimer: { ...reflectionDisclaimer },
  };
}
