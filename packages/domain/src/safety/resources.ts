import type { RiskLevel } from './risk.js';

/** A way to reach help; `href` is a tel: or sms: link the web app can offer as a button. */
export interface CrisisContact {
  label: string;
  href: string;
}

export interface CrisisResources {
  heading: string;
  /** What to do, most urgent first; shown as written. */
  lines: string[];
  contacts: CrisisContact[];
  /** Ruling 12: AI output is never diagnosis or treatment. */
  disclaimer: string;
}

/** Spec ruling 12: the texts shown wherever journal text or chat expresses risk of self-harm. */
export const crisisResources: CrisisResources = {
  heading: "You don't have to go through this alone",
  lines: [
    'If you are in immediate danger, call your local emergency number (911 in the US).',
    'Call or text 988 to reach the Suicide & Crisis Lifeline (US).',
  ],
  contacts: [
    { label: 'Call 911', href: 'tel:911' },
    { label: 'Call 988', href: 'tel:988' },
    { label: 'Text 988', href: 'sms:988' },
  ],
  disclaimer:
    'The MindLedger assistant is not a therapist and is not a substitute for professional care, diagnosis or treatment.',
};

/** What a response carries about safety: resources whenever the level is not 'none'. */
export interface SafetyNotice {
  level: RiskLevel;
  resources: CrisisResources | null;
}

export function safetyNotice(level: RiskLevel): SafetyNotice {
  return { level, resources: level === 'none' ? null : crisisResources };
}
