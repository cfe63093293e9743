import {
  crisisCountryFor,
  crisisLines,
  internationalCrisisCode,
  type CrisisCountry,
  type CrisisLine,
  type CrisisTable,
} from './crisis-lines.js';
import type { RiskLevel } from './risk.js';

/**
 * A way to reach help; `href` is a tel: or sms: link (an https address for the international
 * fallback's website) the web app offers as a link. `label` names the service, so the link's
 * accessible name says whom it reaches ("Call Samaritans 116 123").
 */
export interface CrisisContact {
  label: string;
  href: string;
  kind?: CrisisLine['kind'] | 'emergency';
}

export interface CrisisResources {
  heading: string;
  /** What to do, most urgent first; shown as written. */
  lines: string[];
  contacts: CrisisContact[];
  /** Ruling 12: AI output is never diagnosis or treatment. */
  disclaimer: string;
  /** Whose lines these are: the table's key (crisis-lines.ts), 'INTL' for the fallback. */
  country?: string;
}

const heading = "You don't have to go through this alone";
const disclaimer =
  'The MindLedger assistant is not a therapist and is not a substitute for professional care, diagnosis or treatment.';

const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/** "Samaritans: call 116 123." / "988 Suicide & Crisis Lifeline: call or text 988." */
function serviceSentence(name: string, lines: CrisisLine[]): string {
  const ways: string[] = [];
  const calls = lines.filter((l) => l.kind === 'call').map((l) => l.number);
  const texts = lines.filter((l) => l.kind === 'text');
  const web = lines.filter((l) => l.kind === 'web');
  const sameNumber =
    calls.length === 1 && texts.length === 1 && !texts[0]!.keyword && texts[0]!.number === calls[0];
  if (sameNumber) ways.push(`call or text ${calls[0]}`);
  else {
    if (calls.length > 0) ways.push(`call ${orList(calls)}`);
    for (const t of texts) ways.push(t.keyword ? `text ${t.keyword} to ${t.number}` : `text ${t.number}`);
  }
  if (web.length > 0)
    return `${name} lists free, confidential crisis lines in every country: ${web[0]!.number}.`;
  return `${name}: ${orList(ways)}.`;
}

function lineLabel(line: CrisisLine): string {
  if (line.kind === 'web') return `${line.name} (${line.number})`;
  const verb = line.kind === 'call' ? 'Call' : 'Text';
  // "Call Samaritans 116 123", but "Call 3114 suicide prevention line": the number once.
  return line.name.includes(line.number) ? `${verb} ${line.name}` : `${verb} ${line.name} ${line.number}`;
}

/** The resources for one country of the table, in the words the product shows. */
export function crisisResourcesOf(country: CrisisCountry): CrisisResources {
  const numbers = country.emergency.map((e) => (e.note ? `${e.number} (${e.note})` : e.number));
  const emergencyLine =
    country.code === internationalCrisisCode
      ? `If you are in immediate danger, call your local emergency number (${orList(country.emergency.map((e) => e.number))} in many countries).`
      : `If you are in immediate danger, call ${orList(numbers)}, ${numbers.length > 1 ? 'the emergency numbers' : 'the emergency number'} in ${country.name}.`;
  const names = [...new Set(country.lines.map((l) => l.name))];
  return {
    heading,
    lines: [
      emergencyLine,
      ...names.map((name) =>
        serviceSentence(
          name,
          country.lines.filter((l) => l.name === name),
        ),
      ),
    ],
    contacts: [
      ...country.emergency.map((e) => ({
        label: `Call emergency services ${e.number}`,
        href: e.href,
        kind: 'emergency' as const,
      })),
      ...country.lines.map((line) => ({ label: lineLabel(line), href: line.href, kind: line.kind })),
    ],
    disclaimer,
    country: country.code,
  };
}

/**
 * The resources for a person: the profile's country, else its time zone's (crisis-lines.ts),
 * else the international fallback. `table` is the deployment's (CRISIS_LINES_FILE) when it has one.
 */
export function crisisResourcesFor(
  where: { country?: string | null; timeZone?: string | null },
  table: CrisisTable = crisisLines,
): CrisisResources {
  return crisisResourcesOf(crisisCountryFor(where, table));
}

/** The US resources: for texts that are not addressed to one person (the assistant's instructions). */
export const crisisResources: CrisisResources = crisisResourcesOf(crisisLines.US!);

/** What a response carries about safety: resources whenever the level is not 'none'. */
export interface SafetyNotice {
  level: RiskLevel;
  resources: CrisisResources | null;
}

/** `resources` defaults to the US ones; a server answering a person passes theirs (crisisResourcesFor). */
export function safetyNotice(level: RiskLevel, resources: CrisisResources = crisisResources): SafetyNotice {
  return { level, resources: level === 'none' ? null : resources };
}
