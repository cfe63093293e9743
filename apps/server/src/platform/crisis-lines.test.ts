import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crisisLines } from '@mindledger/domain';
import { loadConfig } from '../config.js';
import { loadCrisisLines } from './crisis-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'crisis-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(content: unknown): string {
  const path = join(dir, `lines-${n++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const line = {
  name: 'Local line',
  kind: 'call',
  number: '0800 000 000',
  href: 'tel:0800000000',
  source: 'https://example.org',
  checked: '2026-11-28',
};

describe('CRISIS_LINES_FILE', () => {
  it('is the built-in table when unset', () => {
    expect(loadCrisisLines(undefined)).toBe(crisisLines);
  });

  it('adds lines to a country by default, and replaces them with mode replace', () => {
    const added = loadCrisisLines(file({ countries: { GB: { lines: [line] } } }));
    expect(added.GB!.lines.map((l) => l.href)).toEqual(['tel:116123', 'sms:85258', 'tel:0800000000']);
    expect(added.GB!.emergency).toEqual(crisisLines.GB!.emergency);
    const replaced = loadCrisisLines(file({ countries: { GB: { lines: [line], mode: 'replace' } } }));
    expect(replaced.GB!.lines.map((l) => l.href)).toEqual(['tel:0800000000']);
    expect(replaced.US).toEqual(crisisLines.US);
  });

  it.each([
    ['not JSON', '{ countries'],
    ['an unknown key', { countries: { GB: { lines: [line], phone: '1' } } }],
    ['a lower-case code', { countries: { gb: { lines: [line] } } }],
    [
      'a call line with an sms: link',
      { countries: { GB: { lines: [{ ...line, href: 'sms:0800000000' }] } } },
    ],
    ['a number link with spaces', { countries: { GB: { lines: [{ ...line, href: 'tel:0800 000 000' }] } } }],
    ['a missing source', { countries: { GB: { lines: [{ ...line, source: undefined }] } } }],
    ['a date that is not a date', { countries: { GB: { lines: [{ ...line, checked: 'November' }] } } }],
    ['a new country without an emergency number', { countries: { JP: { name: 'Japan', lines: [line] } } }],
  ])('refuses %s, and the server does not start', (_, content) => {
    const path = file(content);
    expect(() => loadCrisisLines(path)).toThrow(`CRISIS_LINES_FILE ${path}: `);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, CRISIS_LINES_FILE: path })).toThrow(
      /CRISIS_LINES_FILE/,
    );
  });

  it('refuses a file that is not there', () => {
    expect(() => loadCrisisLines(join(dir, 'missing.json'))).toThrow(
      /CRISIS_LINES_FILE .*missing\.json: ENOENT/,
    );
  });
});
