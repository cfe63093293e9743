import { describe, expect, it } from 'vitest';
import { icd10FCodes } from './icd10-f-codes.js';
import {
  icd10Description,
  icd10Messages,
  icd10Pattern,
  isIcd10Code,
  normalizeIcd10Code,
  searchIcd10,
} from './icd10.js';

const codes = icd10FCodes.map(([code]) => code);

/** Every 3-character category of ICD-10-CM chapter 5. */
const categories = [
  ...['F01', 'F02', 'F03', 'F04', 'F05', 'F06', 'F07', 'F09'],
  ...['F10', 'F11', 'F12', 'F13', 'F14', 'F15', 'F16', 'F17', 'F18', 'F19'],
  ...['F20', 'F21', 'F22', 'F23', 'F24', 'F25', 'F28', 'F29'],
  ...['F30', 'F31', 'F32', 'F33', 'F34', 'F39'],
  ...['F40', 'F41', 'F42', 'F43', 'F44', 'F45', 'F48'],
  ...['F50', 'F51', 'F52', 'F53', 'F54', 'F55', 'F59'],
  ...['F60', 'F63', 'F64', 'F65', 'F66', 'F68', 'F69'],
  ...['F70', 'F71', 'F72', 'F73', 'F78', 'F79'],
  ...['F80', 'F81', 'F82', 'F84', 'F88', 'F89'],
  ...['F90', 'F91', 'F93', 'F94', 'F95', 'F98', 'F99'],
];

describe('icd10FCodes', () => {
  it('is sorted by code without duplicates', () => {
    for (let i = 1; i < codes.length; i++) {
      expect(codes[i - 1]! < codes[i]!, `${codes[i - 1]} before ${codes[i]}`).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('holds only F codes in the ICD-10-CM format, with trimmed titles', () => {
    for (const [code, description] of icd10FCodes) {
      expect(code, code).toMatch(icd10Pattern);
      expect(code.startsWith('F'), code).toBe(true);
      expect(description, code).toBe(description.trim());
      expect(description, code).not.toBe('');
      expect(description, code).not.toMatch(/\s{2}/);
    }
  });

  it('holds every category of the chapter, and exactly those 3-character codes', () => {
    expect(codes.filter((code) => code.length === 3)).toEqual(categories);
    for (const code of ['F32', 'F41', 'F43', 'F90', 'F99']) expect(codes).toContain(code);
  });

  it('holds the parent category of every subcode', () => {
    for (const code of codes) expect(codes, code).toContain(code.slice(0, 3));
  });

  it('holds the codes therapists use most', () => {
    const wanted = [
      ...['F32.0', 'F32.1', 'F32.2', 'F32.3', 'F32.4', 'F32.5', 'F32.81', 'F32.89', 'F32.9', 'F32.A'],
      ...['F33.0', 'F33.1', 'F33.2', 'F33.3', 'F33.40', 'F33.41', 'F33.42', 'F33.8', 'F33.9'],
      ...['F34.0', 'F34.1', 'F34.81', 'F34.89', 'F34.9', 'F31.0', 'F31.81', 'F31.9'],
      ...['F40.00', 'F40.01', 'F40.02', 'F40.10', 'F40.11', 'F40.8', 'F40.9'],
      ...['F41.0', 'F41.1', 'F41.3', 'F41.8', 'F41.9', 'F42.2', 'F42.3', 'F42.4', 'F42.8', 'F42.9'],
      ...['F43.0', 'F43.10', 'F43.11', 'F43.12', 'F43.20', 'F43.21', 'F43.22', 'F43.23', 'F43.24'],
      ...['F43.25', 'F43.29', 'F43.8', 'F43.81', 'F43.89', 'F43.9'],
      ...['F50.00', 'F50.01', 'F50.02', 'F50.2', 'F50.81', 'F50.82', 'F50.89', 'F50.9'],
      ...['F60.0', 'F60.3', 'F60.81', 'F60.89', 'F60.9', 'F84.0', 'F84.5', 'F88', 'F89'],
      ...['F90.0', 'F90.1', 'F90.2', 'F90.8', 'F90.9', 'F93.0', 'F93.8', 'F93.9'],
      ...['F10.10', 'F10.20', 'F10.21', 'F10.239', 'F10.930', 'F11.10', 'F11.20', 'F11.21'],
      ...['F12.10', 'F12.20', 'F12.21', 'F13.10', 'F13.20', 'F14.10', 'F14.20', 'F15.10', 'F15.20'],
      ...['F17.200', 'F17.210', 'F17.290', 'F19.10', 'F19.20'],
      ...['F20.0', 'F20.1', 'F20.2', 'F20.3', 'F20.5', 'F20.81', 'F20.89', 'F20.9'],
      ...['F21', 'F22', 'F23', 'F24', 'F25.0', 'F25.1', 'F25.8', 'F25.9', 'F28', 'F29', 'F39', 'F99'],
    ];
    for (const code of wanted) expect(codes, code).toContain(code);
  });
});

describe('icd10Description', () => {
  it('answers the official titles', () => {
    expect(icd10Description('F41.1')).toBe('Generalized anxiety disorder');
    expect(icd10Description('F32.9')).toBe('Major depressive disorder, single episode, unspecified');
    expect(icd10Description('F43.10')).toBe('Post-traumatic stress disorder, unspecified');
    expect(icd10Description('F32.A')).toBe('Depression, unspecified');
    expect(icd10Description('F33.1')).toBe('Major depressive disorder, recurrent, moderate');
    expect(icd10Description('F90.2')).toBe('Attention-deficit hyperactivity disorder, combined type');
    expect(icd10Description('F43')).toBe('Reaction to severe stress, and adjustment disorders');
    expect(icd10Description('F99')).toBe('Mental disorder, not otherwise specified');
  });

  it('looks codes up exactly', () => {
    expect(icd10Description('f41.1')).toBeUndefined();
    expect(icd10Description('F411')).toBeUndefined();
    expect(icd10Description(' F41.1')).toBeUndefined();
    expect(icd10Description('F41.2')).toBeUndefined();
    expect(icd10Description('J45.909')).toBeUndefined();
  });
});

describe('normalizeIcd10Code', () => {
  it('trims, uppercases and puts the dot after the 3rd character', () => {
    expect(normalizeIcd10Code('f329')).toBe('F32.9');
    expect(normalizeIcd10Code(' F41.1 ')).toBe('F41.1');
    expect(normalizeIcd10Code('f32.a')).toBe('F32.A');
    expect(normalizeIcd10Code('F32A')).toBe('F32.A');
    expect(normalizeIcd10Code('F43')).toBe('F43');
    expect(normalizeIcd10Code('f17210')).toBe('F17.210');
    expect(normalizeIcd10Code('t7411xa')).toBe('T74.11XA');
    expect(normalizeIcd10Code('C4A.0')).toBe('C4A.0');
  });

  it('refuses what is not a code', () => {
    for (const value of ['F4', 'U07.1', 'u071', 'F32.', '<script>', '', '   ', 'F3.29', 'F32..9']) {
      expect(normalizeIcd10Code(value), value).toBeNull();
    }
    for (const value of ['F32.90000', 'F32 9', '1F32', 'FF3.2', 'F32-9', 'F32.9;', 'F4'.repeat(40)]) {
      expect(normalizeIcd10Code(value), value).toBeNull();
    }
  });
});

describe('isIcd10Code', () => {
  it('accepts codes in any form the normaliser accepts', () => {
    for (const value of ['F41.1', 'f41.1', 'F411', ' F32.A ', 'Z63.0', 'S72.001A']) {
      expect(isIcd10Code(value), value).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const value of ['F4', 'U07.1', 'F32.', '<script>', '', 'anxiety']) {
      expect(isIcd10Code(value), value).toBe(false);
    }
  });
});

describe('searchIcd10', () => {
  it('finds codes by prefix, with or without the dot, in list order', () => {
    for (const query of ['f32', 'F32', 'F32.', ' f32 ']) {
      const found = searchIcd10(query, 50).map((match) => match.code);
      expect(found[0], query).toBe('F32');
      expect(found, query).toEqual(codes.filter((code) => code.startsWith('F32')));
    }
    expect(searchIcd10('f329')[0]).toEqual({
      code: 'F32.9',
      description: 'Major depressive disorder, single episode, unspecified',
    });
    expect(searchIcd10('F41.1')[0]?.code).toBe('F41.1');
    expect(searchIcd10('f4311').map((match) => match.code)).toEqual(['F43.11']);
  });

  it('finds codes by every word of the query starting a word of the title', () => {
    expect(searchIcd10('generalized anx')).toEqual([
      { code: 'F41.1', description: 'Generalized anxiety disorder' },
    ]);
    expect(searchIcd10('GENERALIZED ANXIETY').map((match) => match.code)).toEqual(['F41.1']);
    const ptsd = searchIcd10('post traumatic').map((match) => match.code);
    expect(ptsd).toEqual(['F43.1', 'F43.10', 'F43.11', 'F43.12']);
    expect(searchIcd10('ptsd').map((match) => match.code)).toEqual(['F43.1']);
    expect(searchIcd10('adjustment anxiety').map((match) => match.code)).toEqual(['F43.22', 'F43.23']);
    // Words start title words: 'nxiety' is inside a word, not at its start.
    expect(searchIcd10('nxiety')).toEqual([]);
    expect(searchIcd10('zzz unknown')).toEqual([]);
  });

  it('lists codes by prefix before codes by title', () => {
    const found = searchIcd10('f', 50).map((match) => match.code);
    expect(found).toEqual(codes.slice(0, 50));
    // 'Fear' cannot start a code, so only titles answer it.
    expect(searchIcd10('fear').map((match) => match.code)).toEqual([
      'F40.220',
      'F40.230',
      'F40.231',
      'F40.232',
      'F40.233',
      'F40.242',
      'F40.243',
    ]);
  });

  it('answers at most `limit` matches, 1 to 50', () => {
    expect(searchIcd10('disorder')).toHaveLength(20);
    expect(searchIcd10('disorder', 5)).toHaveLength(5);
    expect(searchIcd10('disorder', 0)).toHaveLength(1);
    expect(searchIcd10('disorder', -3)).toHaveLength(1);
    expect(searchIcd10('disorder', 1000)).toHaveLength(50);
    expect(searchIcd10('disorder', 2.7)).toHaveLength(2);
    expect(searchIcd10('disorder', Number.NaN)).toHaveLength(20);
    expect(searchIcd10('f3', 3).map((match) => match.code)).toEqual(['F30', 'F30.1', 'F30.10']);
  });

  it('lists the first codes for an empty query', () => {
    const first = icd10FCodes.slice(0, 20).map(([code, description]) => ({ code, description }));
    expect(searchIcd10('')).toEqual(first);
    expect(searchIcd10('   ')).toEqual(first);
    expect(searchIcd10('', 3)).toEqual(first.slice(0, 3));
  });

  it('answers nothing for punctuation or markup', () => {
    expect(searchIcd10('--')).toEqual([]);
    expect(searchIcd10('<script>')).toEqual([]);
  });

  it('answers copies the caller may change', () => {
    const [match] = searchIcd10('F41.1');
    match!.description = 'changed';
    expect(icd10Description('F41.1')).toBe('Generalized anxiety disorder');
  });
});

describe('icd10Messages', () => {
  it('says what a valid code looks like', () => {
    expect(icd10Messages.invalid).toBe('Enter a valid ICD-10-CM code (for example F41.1)');
  });
});
