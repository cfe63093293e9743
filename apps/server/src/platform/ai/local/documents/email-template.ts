import { aiDocumentMessages, formatShortDay, type EmailTemplate } from '@mindledger/domain';
import { journeyTopics } from '../../journey-topics.js';
import type { JourneyInput } from '../../port.js';
import { hash, picker } from '../seed.js';
import { answerQuote, journeyFacts, labelsOf, type JourneyFacts } from './journey-facts.js';
import { listOf } from './text.js';

/** Placeholders the client fills in; never made-up names or details. */
export const emailPlaceholders = {
  therapist: "[Therapist's name]",
  source: '[where you found them]',
  contact: '[Your phone or email]',
} as const;

function personalContext(facts: JourneyFacts): string {
  const parts: string[] = [];
  const reasons = answerQuote(facts, 'reasons', 200);
  if (reasons) parts.push(`In my own words: ${reasons}`);
  if (facts.concerns.length) {
    parts.push(`I would like support with ${listOf(labelsOf(facts.concerns).slice(0, 3))}.`);
  }
  if (facts.hopes.length)
    parts.push(`From therapy, I am hoping for ${listOf(labelsOf(facts.hopes).slice(0, 2))}.`);
  else if (facts.answers.hopes) parts.push(`What I hope for: ${answerQuote(facts, 'hopes', 160)}`);
  if (!parts.length) parts.push('[Add a sentence or two about what brings you to therapy.]');
  return parts.join(' ');
}

function request(facts: JourneyFacts): string {
  const wishes: string[] = [];
  if (facts.languages.length) wishes.push(`ideally in ${listOf(labelsOf(facts.languages))}`);
  if (facts.times.length) wishes.push(`at times that suit me (${listOf(labelsOf(facts.times).slice(0, 3))})`);
  const kind = facts.format?.kind;
  const start =
    kind === 'either'
      ? 'I am open to online or in-person sessions'
      : kind
        ? `I am looking for ${kind === 'online' ? 'online' : 'in-person'} sessions`
        : wishes.length
          ? 'I would like sessions'
          : '';
  const parts = start ? [`${[start, ...wishes].join(', ')}.`] : [];
  parts.push(`I am in the ${facts.timeZone} time zone.`);
  if (facts.approaches.length) {
    parts.push(
      `I would be interested to hear whether you work with ${listOf(labelsOf(facts.approaches).slice(0, 2))}.`,
    );
  }
  if (facts.budget.some((b) => b.label === 'insurance'))
    parts.push('Could you also let me know whether you accept my insurance, [insurance plan]?');
  else if (facts.budget.length) parts.push('Could you also let me know your fees?');
  parts.push('Would you have time for a short consultation call to see whether we would be a good fit?');
  return parts.join(' ');
}

function notes(facts: JourneyFacts): string {
  const parts = [
    'Fill in the parts in square brackets before you send this. The email uses only what you shared in your Initial Journey; remove anything you would rather talk about on a call.',
  ];
  const left = journeyTopics
    .filter((t) => facts.missing.includes(t.id) && t.id !== 'budget')
    .map((t) => t.about);
  if (left.length) parts.push(`Not included because you haven't said yet: ${listOf(left)}.`);
  return parts.join(' ');
}

const subjects = ['Inquiry about availability for new clients', 'Request for a consultation as a new client'];
const signOffs = ['Kind regards,', 'Best wishes,', 'Thank you,'];

export function emailTemplate(input: JourneyInput): EmailTemplate {
  const facts = journeyFacts(input);
  const pick = picker(hash(`email|${facts.userText}`));
  const me = facts.firstName ? `My name is ${facts.firstName}, and I` : 'I';
  return {
    email_template: { title: 'Request for Therapy Consultation', creation_date: formatShortDay(facts.today) },
    subject_line: pick(subjects, 1),
    notes: notes(facts),
    disclaimer: aiDocumentMessages.disclaimer,
    email_content: {
      greeting: `Dear ${emailPlaceholders.therapist},`,
      opening_paragraph: `${me} am looking for a therapist. I found your details through ${emailPlaceholders.source} and would like to ask whether you are taking on new clients.`,
      personal_context: personalContext(facts),
      connection_request: request(facts),
      closing: 'Thank you for your time. I look forward to hearing from you.',
      signature: {
        sign_off: pick(signOffs, 2),
        name: facts.firstName || '[Your name]',
        contact_placeholder: emailPlaceholders.contact,
      },
    },
  };
}
