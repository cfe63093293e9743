import { aiDocumentMessages, type InterviewGuide } from '@mindledger/domain';
import type { JourneyInput } from '../../port.js';
import { hash, picker } from '../seed.js';
import { answerQuote, journeyFacts, labelsOf, type JourneyFacts } from './journey-facts.js';
import { listOf } from './text.js';

type Question = Omit<InterviewGuide['questions'][number], 'number'>;

function expertiseQuestion(facts: JourneyFacts): Question {
  if (facts.concerns.length) {
    const areas = listOf(labelsOf(facts.concerns).slice(0, 3));
    return {
      main_question: `What experience do you have helping people with ${areas}?`,
      optional_followup: 'What might the first few sessions look like for someone in my situation?',
      listen_for: `Concrete examples rather than general reassurance, and an answer that fits what you shared: ${facts.concerns[0]!.quote}`,
      priority: 'high',
    };
  }
  const reasons = answerQuote(facts, 'reasons');
  return {
    main_question: 'What kinds of concerns do you most often help people with?',
    optional_followup: 'How would you decide whether you are the right fit for me?',
    listen_for: reasons
      ? `Whether what they describe fits what brings you here: ${reasons}`
      : 'Whether what they describe fits what you would like help with.',
    priority: 'high',
  };
}

function approachQuestion(facts: JourneyFacts): Question {
  if (facts.approaches.length) {
    const named = listOf(labelsOf(facts.approaches).slice(0, 3));
    return {
      main_question: `Do you work with ${named}, and how would that look in our sessions?`,
      optional_followup: 'What other approaches do you use, and how do you choose between them?',
      listen_for: `A clear, jargon-free explanation. You mentioned this yourself: ${facts.approaches[0]!.quote}`,
      priority: 'high',
    };
  }
  return {
    main_question: 'Which approaches do you use, and how do you decide what fits a client?',
    optional_followup: 'Could you describe what a typical session with you looks like?',
    listen_for:
      'An explanation you can follow, and an approach they adapt to you rather than one size for all.',
    priority: 'medium',
  };
}

function styleQuestion(facts: JourneyFacts): Question {
  const said = facts.communication[0]?.quote ?? answerQuote(facts, 'communication');
  const wish = facts.communication.length
    ? ` I'd like someone ${listOf(labelsOf(facts.communication).slice(0, 3))}.`
    : '';
  return {
    main_question: `How would you describe the way you communicate with clients?${wish}`,
    optional_followup: 'What do you do when a client disagrees with you or feels stuck?',
    listen_for: said
      ? `Whether their style matches what you asked for: ${said}`
      : 'Whether you feel comfortable and listened to while they answer.',
    priority: said ? 'high' : 'medium',
  };
}

function hopesQuestion(facts: JourneyFacts): Question {
  const hope = facts.hopes[0];
  const goal = facts.goals[0];
  return {
    main_question: hope
      ? `How do you usually work with someone who is looking for ${hope.label}?`
      : 'How do you and a client decide what to work on?',
    optional_followup: goal ? `Could my goal “${goal}” be part of what we work on?` : undefined,
    listen_for: hope
      ? `Whether their way of working fits what you hope for: ${hope.quote}`
      : 'Whether you would have a say in what you work on.',
    priority: 'medium',
  };
}

function logisticsQuestions(facts: JourneyFacts): Question[] {
  const format = facts.format?.kind;
  const where: Question = {
    main_question:
      format === 'online'
        ? `Do you offer online sessions, and can you see clients in the ${facts.timeZone} time zone?`
        : format === 'in person'
          ? 'Where do you see clients in person, and is your office easy to reach?'
          : 'Do you offer sessions online, in person, or both?',
    optional_followup: format === 'online' ? 'Are you licensed to practise where I live?' : undefined,
    listen_for: facts.format
      ? `An arrangement that fits what you said: ${facts.format.quote}`
      : 'Options that fit your week and where you live.',
    priority: facts.format ? 'medium' : 'low',
  };
  const when: Question = {
    main_question: facts.times.length
      ? `Do you have openings at times that suit me (${listOf(labelsOf(facts.times).slice(0, 3))})?`
      : 'What times do you usually have available for new clients?',
    optional_followup: 'How do rescheduling and cancellations work?',
    listen_for: facts.times.length
      ? `Times that match what you said: ${facts.times[0]!.quote}`
      : 'Whether their openings work with your schedule.',
    priority: 'medium',
  };
  const questions = [where, when];
  const other = facts.languages.filter((l) => l.label !== 'English');
  if (other.length) {
    questions.push({
      main_question: `Can we hold our sessions in ${listOf(labelsOf(other))}?`,
      listen_for: `A clear yes or no. You said: ${other[0]!.quote}`,
      priority: 'high',
    });
  }
  if (facts.culture.length) {
    questions.push({
      main_question: `What experience do you have with clients for whom ${listOf(labelsOf(facts.culture))} matters?`,
      listen_for: `Respect and familiarity, not just acceptance. You mentioned: ${facts.culture[0]!.quote}`,
      priority: 'high',
    });
  }
  return questions;
}

function costQuestion(facts: JourneyFacts): Question {
  const said = facts.budget[0]?.quote ?? answerQuote(facts, 'budget');
  return {
    main_question: facts.budget.some((b) => b.label === 'insurance')
      ? 'What do your sessions cost, and do you accept my insurance?'
      : 'What do your sessions cost, and do you offer a sliding scale or accept insurance?',
    listen_for: said
      ? `Clear costs that work with what you said: ${said}`
      : 'Clear costs, with no surprises later.',
    priority: said ? 'medium' : 'low',
  };
}

const closingQuestions: Question[] = [
  {
    main_question: 'How will we know whether therapy is helping?',
    optional_followup: 'How often do you check in with clients about how it is going?',
    listen_for: 'A way of reviewing progress together that you are comfortable with.',
    priority: 'medium',
  },
  {
    main_question: 'What happens if I need support between sessions?',
    listen_for: 'A clear answer about contact between sessions and what to do in an emergency.',
    priority: 'low',
  },
];

const titles = ['Questions for Your First Conversation with a Therapist', 'Your Therapist Interview Guide'];

export function interviewGuide(input: JourneyInput): InterviewGuide {
  const facts = journeyFacts(input);
  const pick = picker(hash(`interview|${facts.userText}`));
  const lead = facts.firstName ? `${facts.firstName}, these` : 'These';
  const questions = [
    expertiseQuestion(facts),
    approachQuestion(facts),
    styleQuestion(facts),
    hopesQuestion(facts),
    ...logisticsQuestions(facts),
    costQuestion(facts),
    ...closingQuestions,
  ].map(({ optional_followup, ...q }, i) => ({
    number: i + 1,
    ...q,
    ...(optional_followup ? { optional_followup } : {}),
  }));
  return {
    interview_guide: {
      title: pick(titles, 1),
      introduction:
        `${lead} questions come from what you shared in your Initial Journey conversation. ` +
        'Many therapists offer a short free consultation call: it is a chance to find out whether they are a good fit for you, and you are allowed to ask. ' +
        'Start with the high-priority questions if time is short.',
    },
    questions,
    conclusion:
      'You do not need to ask every question, and there are no wrong answers. Notice how you feel while you talk: feeling heard and respected matters as much as any answer. ' +
      'It is fine to speak to more than one therapist before you decide. Tip: bring this guide to your consultation, on paper or on your phone, and jot down their answers as you go.',
    disclaimer: aiDocumentMessages.disclaimer,
  };
}
