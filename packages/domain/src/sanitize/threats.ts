import { decodeEntities, mapLookAlikes, stripControls, stripInvisible } from './characters.js';
import { eventHandler, scriptScheme } from './text.js';

/** The threat scanner of Part 1 §5. */
export const threatTypes = ['xss', 'code', 'sql', 'nosql', 'path_traversal', 'command', 'ldap'] as const;
export type ThreatType = (typeof threatTypes)[number];
export const threatSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type ThreatSeverity = (typeof threatSeverities)[number];

export interface Threat {
  type: ThreatType;
  severity: ThreatSeverity;
  /** Name of the rule that matched (never the matched text: it may be someone's journal). */
  pattern: string;
}

export interface ThreatScan {
  threats: Threat[];
  highestSeverity: ThreatSeverity | null;
  /** No finding above 'low'; low findings are informational (prose can look like them). */
  safe: boolean;
}

interface Rule {
  type: ThreatType;
  severity: ThreatSeverity;
  pattern: string;
  test: RegExp;
}

const rule = (type: ThreatType, severity: ThreatSeverity, pattern: string, test: RegExp): Rule => ({
  type,
  severity,
  pattern,
  test,
});

/**
 * Each rule needs syntax, not just words, so ordinary prose ('I had to select one from the list',
 * 'drop it', 'and then...') does not match. A bare tautology such as "or 1=1" is only 'low'.
 */
const rules: readonly Rule[] = [
  rule('xss', 'critical', 'script-tag', /<\s*\/?\s*script\b/i),
  rule('xss', 'critical', 'script-scheme', scriptScheme),
  rule('xss', 'high', 'event-handler', new RegExp(eventHandler.source, 'i')),
  rule(
    'xss',
    'high',
    'embedding-tag',
    /<\s*(?:iframe|object|embed|svg|math|link|meta|base|form|frameset|applet)\b/i,
  ),
  rule(
    'xss',
    'high',
    'html-data-uri',
    /\bdata\s*:\s*(?:text\/html|image\/svg\+xml|application\/(?:x-)?javascript)/i,
  ),
  rule('xss', 'high', 'srcdoc', /\bsrcdoc\s*=/i),
  rule('xss', 'medium', 'css-expression', /\bexpression\s*\(|-moz-binding\s*:/i),
  rule('code', 'high', 'eval', /\b(?:eval|execScript)\s*\(/i),
  rule('code', 'high', 'function-constructor', /\bnew\s+Function\s*\(|\bFunction\s*\(\s*['"]/),
  rule('code', 'high', 'module-load', /\b(?:require|import)\s*\(\s*['"][\w@./-]+['"]\s*\)/),
  rule('code', 'high', 'prototype-pollution', /__proto__|\bconstructor\s*(?:\.|\[\s*['"])\s*prototype/),
  rule(
    'code',
    'high',
    'runtime-object',
    /\b(?:process\.(?:env|exit|mainModule|binding)|child_process|document\.(?:cookie|write)|window\.location)\b/,
  ),
  rule('code', 'medium', 'timer-string', /\bset(?:Timeout|Interval)\s*\(\s*['"`]/),
  rule('code', 'medium', 'template-expression', /\{\{[^}]*(?:constructor|\(|\.)[^}]*\}\}|\$\{[^}]*\(.*\)\}/),
  rule('sql', 'critical', 'union-select', /\bunion\s+(?:all\s+)?select\b/i),
  rule('sql', 'critical', 'stacked-ddl', /;\s*(?:drop|truncate|alter)\s+(?:table|database|schema)\b/i),
  rule('sql', 'critical', 'stored-procedure', /\bexec(?:ute)?\s+(?:xp|sp)_\w+/i),
  rule('sql', 'high', 'ddl', /\b(?:drop|truncate)\s+table\s+[`"[]?\w+/i),
  rule('sql', 'high', 'quoted-tautology', /\w'\s*(?:or|and)\s+'?(\w+)'?\s*=\s*'?\1\b/i),
  rule('sql', 'high', 'tautology-comment', /'\s*(?:or|and)\s+'?\w+'?\s*=\s*'?\w+'?\s*(?:--|#|\/\*)/i),
  rule('sql', 'high', 'insert-into', /\binsert\s+into\s+[`"[]?\w+[`"\]]?\s*(?:\(|values\b|select\b)/i),
  rule('sql', 'high', 'update-set', /\bupdate\s+[`"[]?\w+[`"\]]?\s+set\s+\w+\s*=/i),
  rule('sql', 'high', 'time-based', /\b(?:sleep|pg_sleep|benchmark)\s*\(\s*\d|\bwaitfor\s+delay\b/i),
  rule('sql', 'medium', 'select-from', /\bselect\s+(?:\*|[\w.]+(?:\s*,\s*[\w.]+)+)\s+from\b/i),
  rule('sql', 'medium', 'delete-from', /\bdelete\s+from\s+[`"[]?\w+[`"\]]?\s*(?:where\b|;)/i),
  rule('sql', 'low', 'tautology', /\b(?:or|and)\s+'?(\d+|'\w+)'?\s*=\s*'?\1'?/i),
  rule(
    'nosql',
    'high',
    'operator-object',
    /\{\s*['"]?\$(?:where|ne|gt|gte|lt|lte|regex|in|nin|or|and|not|nor|exists|expr|function|elemMatch)['"]?\s*:/i,
  ),
  rule('nosql', 'high', 'operator-param', /\[\s*\$(?:ne|gt|gte|lt|lte|regex|in|nin|where|exists)\s*\]/i),
  rule('nosql', 'medium', 'where-clause', /['"]?\$where['"]?\s*:|\bthis\.\w+\s*==/),
  rule(
    'path_traversal',
    'critical',
    'system-file',
    /(?:\/etc\/(?:passwd|shadow|hosts|sudoers)|\/proc\/self\/|boot\.ini|win\.ini)\b/i,
  ),
  rule('path_traversal', 'high', 'repeated-parent', /(?:\.\.[/\\]){2,}/),
  rule('path_traversal', 'high', 'encoded-parent', /(?:%2e|\.){2}(?:%2f|%5c)|%2e%2e[/\\]|%252e%252e/i),
  rule('path_traversal', 'high', 'windows-system', /\b[a-z]:\\(?:windows|winnt|system32)\\/i),
  rule('path_traversal', 'medium', 'parent-directory', /(?:^|[\s"'=/\\])\.\.[/\\]\w/),
  rule(
    'command',
    'critical',
    'chained-command',
    /(?:[;&|]|\$\()\s*(?:rm\s+-[a-z]*[rf]|curl\s+\S|wget\s+\S|nc\s+-|ncat\b|bash\s+-[ci]|sh\s+-c|chmod\s+[0-7+]|chown\s+\w|cat\s+\/|powershell\b|cmd(?:\.exe)?\s+\/c|mkfifo\b|python[23]?\s+-c|perl\s+-e)/i,
  ),
  rule('command', 'high', 'pipe-to-shell', /\|\s*(?:ba|z|k)?sh\b|\|\s*(?:nc|netcat)\b/i),
  rule('command', 'high', 'subshell', /\$\(\s*(?:whoami|id|uname|cat|ls|curl|wget|rm|echo)\b[^)]*\)/i),
  rule('command', 'medium', 'backtick-command', /`\s*(?:whoami|id|uname|cat|ls|curl|wget|rm)\b[^`]*`/i),
  rule(
    'ldap',
    'high',
    'filter-breakout',
    /\*\)\s*\(\s*[|&!]?\s*\(?\s*\w+\s*=|\)\s*\(\s*[|&]\s*\(\s*\w+\s*=\s*\*/,
  ),
  rule('ldap', 'medium', 'filter-wildcard', /\(\s*[|&!]\s*\(\s*\w+\s*=[^)]*\)/),
];

const rank: Readonly<Record<ThreatSeverity, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/**
 * Scans a text for injection patterns after undoing the usual disguises (character references,
 * invisible characters, full-width and Cyrillic look-alikes). Backticks are kept as they are here,
 * unlike in sanitizeText.
 */
export function scanThreats(input: unknown): ThreatScan {
  if (typeof input !== 'string' || input.trim() === '') {
    return { threats: [], highestSeverity: null, safe: true };
  }
  const text = mapLookAlikes(stripControls(stripInvisible(decodeEntities(input))));
  const threats = rules
    .filter((r) => r.test.test(text))
    .map(({ type, severity, pattern }) => ({ type, severity, pattern }));
  const highestSeverity = threats.reduce<ThreatSeverity | null>(
    (top, t) => (top === null || rank[t.severity] > rank[top] ? t.severity : top),
    null,
  );
  return { threats, highestSeverity, safe: highestSeverity === null || highestSeverity === 'low' };
}
