import { registrationSchema } from '../auth/schemas.js';
import { describe, expect, it } from 'vitest';
import { marketingAuthorizationExpiry, marketingStatus, marketingAuthorizationSchema } from './consents.js';
import { fillLegalPlaceholders, isSafeLegalHref, parseLegalMarkdown, slugOf } from './markdown.js';
import { aiProcessingStatement, aiServiceName, legalPlaceholderValues } from './public-info.js';

describe('the legal Markdown reader', () => {
  it('reads front matter, headings with ids, paragraphs, lists, bold and links', () => {
    const { meta, blocks } = parseLegalMarkdown(
      [
        '---',
        'document: terms',
        'version: 1.0',
        '---',
        '# Title',
        '',
        'First line',
        'goes on **here**.',
        '',
        '## 2. Who may use',
        '- one [link](/legal/privacy#x)',
        '  - nested',
        '- two',
        '',
        '1. first',
        '2. second',
      ].join('\n'),
    );
    expect(meta).toEqual({ document: 'terms', version: '1.0' });
    expect(blocks).toEqual([
      { type: 'heading', level: 1, id: 'title', runs: [{ text: 'Title', bold: false }] },
      {
        type: 'paragraph',
        runs: [
          { text: 'First line goes on ', bold: false },
          { text: 'here', bold: true },
          { text: '.', bold: false },
        ],
      },
      { type: 'heading', level: 2, id: 'who-may-use', runs: [{ text: '2. Who may use', bold: false }] },
      {
        type: 'list',
        ordered: false,
        items: [
          {
            depth: 1,
            runs: [
              { text: 'one ', bold: false },
              { text: 'link', bold: false, href: '/legal/privacy#x' },
            ],
          },
          { depth: 2, runs: [{ text: 'nested', bold: false }] },
          { depth: 1, runs: [{ text: 'two', bold: false }] },
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [
          { depth: 1, runs: [{ text: 'first', bold: false }] },
          { depth: 1, runs: [{ text: 'second', bold: false }] },
        ],
      },
    ]);
  });

  it('keeps unsafe links as plain text', () => {
    const { blocks } = parseLegalMarkdown('[click](javascript:alert(1)) and [x](//evil.test)');
    const runs = blocks[0]?.type === 'paragraph' ? blocks[0].runs : [];
    expect(runs.every((r) => r.href === undefined)).toBe(true);
    expect(isSafeLegalHref('mailto:privacy@mindledger.local')).toBe(true);
    expect(isSafeLegalHref('https://www.hhs.gov/ocr')).toBe(true);
    expect(isSafeLegalHref('data:text/html,hi')).toBe(false);
  });

  it('makes heading ids from the words, without the section number, unique within a text', () => {
    expect(slugOf('18. Dispute resolution & arbitration')).toBe('dispute-resolution-and-arbitration');
    const { blocks } = parseLegalMarkdown('## Contact\n\n## Contact');
    expect(blocks.map((b) => (b.type === 'heading' ? b.id : ''))).toEqual(['contact', 'contact-2']);
  });

  it('fills the placeholders the texts name, and leaves others as written', () => {
    expect(fillLegalPlaceholders('Write to {privacyEmail} or {other}.', { privacyEmail: 'p@x.test' })).toBe(
      'Write to p@x.test or {other}.',
    );
  });
});

describe('the AI processing statement', () => {
  it('says the built-in engine runs, or names the configured third-party model', () => {
    expect(aiProcessingStatement({ thirdParty: false })).toContain('built-in engine');
    expect(aiProcessingStatement({ thirdParty: true, model: 'gpt-4o', service: 'OpenAI' })).toContain(
      'third-party AI model, "gpt-4o", provided through OpenAI',
    );
  });

  it('names a public endpoint by its host and keeps a private one unnamed', () => {
    expect(aiServiceName('https://api.openai.com/v1')).toBe('OpenAI (api.openai.com)');
    expect(aiServiceName('https://api.example-ai.test/v1')).toBe('api.example-ai.test');
    for (const url of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8080/v1',
      'http://10.1.2.3/v1',
      'http://192.168.1.5/v1',
      'http://172.20.0.2/v1',
      'http://ollama:11434/v1',
      'http://models.internal/v1',
    ])
      expect(aiServiceName(url)).toBe('a self-hosted service');
  });

  it('asks for the postal address by email when none is configured', () => {
    const values = legalPlaceholderValues({
      privacyEmail: 'privacy@x.test',
      privacyPostalAddress: null,
      aiProcessing: { thirdParty: false },
    });
    expect(values.privacyPostalAddress).toBe('MindLedger (ask privacy@x.test for the postal address)');
  });
});

describe('consents', () => {
  it('a marketing authorization ends three years after signing, 29 February included', () => {
    expect(marketingAuthorizationExpiry(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe(
      '2029-11-25T10:00:00.000Z',
    );
    expect(marketingAuthorizationExpiry(new Date('2028-02-29T12:00:00Z')).toISOString()).toBe(
      '2031-02-28T12:00:00.000Z',
    );
  });

  it('is active until it expires or is revoked', () => {
    const grantedAt = new Date('2026-01-01T00:00:00Z');
    const expiresAt = marketingAuthorizationExpiry(grantedAt);
    const row = { grantedAt, expiresAt, revokedAt: null };
    expect(marketingStatus(null, grantedAt)).toBe('none');
    expect(marketingStatus(row, new Date('2028-12-31T23:59:59Z'))).toBe('active');
    expect(marketingStatus(row, expiresAt)).toBe('expired');
    expect(marketingStatus({ ...row, revokedAt: new Date('2027-01-01') }, new Date('2027-06-01'))).toBe(
      'revoked',
    );
  });

  it('signing needs the confirmation and a name, through the name sanitiser', () => {
    const ok = marketingAuthorizationSchema.parse({
      version: '1.0',
      agree: true,
      signature: '<b>Maya</b> Patel',
    });
    expect(ok.signature).toBe('Maya Patel');
    const refused = marketingAuthorizationSchema.safeParse({ version: '1.0', agree: false, signature: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Please confirm that you have read the authorization.',
      'Signature is required',
    ]);
  });

  it('registration needs termsAccepted: true, with a clear message', () => {
    const base = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      password: 'Analytic@1843',
      confirmPassword: 'Analytic@1843',
    };
    expect(registrationSchema.safeParse({ ...base, termsAccepted: true }).success).toBe(true);
    for (const termsAccepted of [undefined, false, 'true']) {
      const refused = registrationSchema.safeParse({ ...base, termsAccepted });
      expect(refused.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
        'termsAccepted: Please accept the Terms of Use and Privacy Policy to continue.',
      ]);
    }
  });
});
