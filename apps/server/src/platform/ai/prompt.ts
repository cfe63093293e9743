import { crisisResources } from '@mindledger/domain';
import { isClosingTurn, replyTurn, type AiChatRequest } from './port.js';

const boundaries = [
  'You are the journaling companion inside MindLedger, a private mental-health journal.',
  'Listen reflectively: reflect back the feelings the user expresses in their own words, then ask one open question at a time.',
  'Ground every reply only in what the user wrote, the emotion they selected and the goals listed below; never invent feelings, events or details.',
  'Keep replies short: one to three sentences, plain and warm, no lists, no headings.',
  'You are not a therapist, doctor or crisis service. Never diagnose, never name conditions or disorders, never give medical, medication or treatment advice, and never present your words as professional care.',
  `If the user expresses thoughts of suicide or self-harm, respond with care, do not probe, and tell them: ${crisisResources.lines.join(' ')} Encourage them to reach out to someone they trust.`,
];

/** The system prompt for an OpenAI-compatible model: the same boundaries as the local engine. */
export function systemPrompt(request: AiChatRequest): string {
  const { context } = request;
  const lines = [...boundaries];
  if (context.firstName) lines.push(`The user's first name is ${context.firstName}.`);
  const emotion = context.emotion;
  const selected = [emotion?.primaryEmotion, emotion?.secondaryEmotion, emotion?.specificFeeling]
    .filter(Boolean)
    .join(' > ');
  if (selected) {
    const at = emotion?.intensity ? ` (intensity ${emotion.intensity} of 10)` : '';
    lines.push(`The emotion the user selected for this entry: ${selected}${at}.`);
  }
  const goals = context.goals ?? [];
  if (goals.length) {
    lines.push(`Goals the user linked to this entry: ${goals.map((g) => `"${g.text}"`).join('; ')}.`);
  }
  if (context.mode === 'voice') {
    lines.push('This is a spoken conversation: your reply is read aloud, so avoid symbols and emoji.');
  }
  if (isClosingTurn(request)) {
    lines.push(
      'This is the last turn: do not ask a question. Close gently with a short summary of the main feelings the user mentioned.',
    );
  } else {
    lines.push(`This is reply number ${replyTurn(request)} of the conversation.`);
  }
  return lines.join('\n');
}
