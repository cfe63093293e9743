import type { LegalPlaceholder } from './markdown.js';

/**
 * Which AI processing a MindLedger service runs, as its legal texts state it: the built-in engine
 * (the default), or a third-party model the operator configured through an OpenAI-compatible
 * service (OPENAI_BASE_URL and OPENAI_MODEL). `service` names where the model runs: the endpoint's
 * host for a public one, "a self-hosted service" for one on a private network.
 */
export type AiProcessing = { thirdParty: false } | { thirdParty: true; model: string; service: string };

/** What a legal page needs from the server (GET legal/documents): contacts and the AI processing. */
export interface LegalPublicInfo {
  privacyEmail: string;
  /** The Privacy Officer's postal address; null when the operator has not set one. */
  privacyPostalAddress: string | null;
  aiProcessing: AiProcessing;
}

export const defaultPrivacyEmail = 'privacy@mindledger.local';

const privateHost =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|\[?::1\]?$|\[?f[cd])|\.(local|internal|lan|home|localdomain)$/i;

/** The service a configured endpoint belongs to, as the Privacy Policy names it. */
export function aiServiceName(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return 'a service configured by the operator';
  }
  if (!host || !host.includes('.') || privateHost.test(host)) return 'a self-hosted service';
  if (host === 'api.openai.com') return 'OpenAI (api.openai.com)';
  return host;
}

/** The sentence of Privacy Policy §5 "On this MindLedger service: …". */
export function aiProcessingStatement(ai: AiProcessing): string {
  if (!ai.thirdParty)
    return "AI features run on MindLedger's built-in engine. No third-party AI provider receives your information.";
  return `The operator has configured a third-party AI model, "${ai.model}", provided through ${ai.service}. The text an AI feature needs is sent to it for processing.`;
}

/** The postal line when the operator has not given one: the address is asked for by email. */
export function postalAddressText(info: Pick<LegalPublicInfo, 'privacyEmail' | 'privacyPostalAddress'>) {
  return info.privacyPostalAddress ?? `MindLedger (ask ${info.privacyEmail} for the postal address)`;
}

/** The values the legal texts' placeholders take on this service. */
export function legalPlaceholderValues(info: LegalPublicInfo): Record<LegalPlaceholder, string> {
  return {
    privacyEmail: info.privacyEmail,
    privacyPostalAddress: postalAddressText(info),
    aiProcessing: aiProcessingStatement(info.aiProcessing),
  };
}
