import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acceptanceDocumentIds,
  formatLegalDate,
  legalDocumentIds,
  legalDocuments,
  termsModalAction,
  versionLine,
  type LegalDocumentId,
} from './documents.js';
import { legalHeadings, parseLegalMarkdown, runsText, type LegalBlock } from './markdown.js';

const source = (id: LegalDocumentId) => readFileSync(new URL(`./texts/${id}.md`, import.meta.url), 'utf8');
const parsed = (id: LegalDocumentId) => parseLegalMarkdown(source(id));
/** The whole text as a reader sees it: words of every block, one line each. */
const plain = (id: LegalDocumentId) =>
  parsed(id)
    .blocks.map((block) =>
      block.type === 'list'
        ? block.items.map((item) => runsText(item.runs)).join('\n')
        : runsText(block.runs),
    )
    .join('\n');
/** The section whose heading contains `heading`, as plain text. */
function section(id: LegalDocumentId, heading: string): string {
  const blocks = parsed(id).blocks;
  const start = blocks.findIndex((b) => b.type === 'heading' && runsText(b.runs).includes(heading));
  expect(start, `section "${heading}" of ${id}`).toBeGreaterThanOrEqual(0);
  const out: string[] = [];
  for (const block of blocks.slice(start + 1)) {
    if (block.type === 'heading' && block.level <= 2) break;
    out.push(
      block.type === 'list' ? block.items.map((i) => runsText(i.runs)).join('\n') : runsText(block.runs),
    );
  }
  return out.join('\n');
}

describe('the legal documents registry', () => {
  it.each(legalDocumentIds)('%s: the front matter agrees with the registry', (id) => {
    const { meta, blocks } = parsed(id);
    const info = legalDocuments[id];
    expect(meta).toMatchObject({
      document: id,
      title: info.title,
      version: info.version,
      effective: info.effectiveDate,
    });
    const first = blocks[0] as LegalBlock;
    expect(first.type === 'heading' && runsText(first.runs)).toBe(info.title);
  });

  it.each(legalDocumentIds)('%s: the text has not changed without a new version (SHA-256)', (id) => {
    const hash = createHash('sha256').update(source(id)).digest('hex');
    // A failure here means the text changed: give it a new version (front matter, registry,
    // texts/CHANGELOG.md) and this hash; users then accept the new version (decision 094).
    expect(hash).toBe(legalDocuments[id].sha256);
  });

  it.each(legalDocumentIds)('%s: every changelog row names the current version', (id) => {
    const changelog = readFileSync(new URL('./texts/CHANGELOG.md', import.meta.url), 'utf8');
    const row = changelog.split('\n').find((line) => line.includes(`\`${id}.md\``));
    expect(row).toContain(`| ${legalDocuments[id].version} | ${legalDocuments[id].effectiveDate} |`);
  });

  it('carries the effective dates the spec lists', () => {
    expect(legalDocuments.terms.effectiveDate).toMatch(/^2025-02-/);
    // The spec's Privacy Policy is version 1.0 of February 2025; 1.1 added the kept code of an
    // address whose trial was used (decision 106).
    const changelog = readFileSync(new URL('./texts/CHANGELOG.md', import.meta.url), 'utf8');
    expect(changelog).toContain(
      '| Privacy Policy and Data Protection Framework (`privacy.md`) | 1.0 | 2025-02-01 |',
    );
    expect(legalDocuments.privacy.version).toBe('1.1');
    expect(legalDocuments['hipaa-notice'].effectiveDate).toBe('2024-02-01');
    expect(formatLegalDate('2024-02-01')).toBe('February 1, 2024');
    expect(versionLine(legalDocuments.terms)).toBe('Version 1.0 · Effective February 1, 2025');
    expect(versionLine(legalDocuments.privacy)).toBe('Version 1.1 · Effective November 28, 2026');
    expect(plain('terms')).toContain('February 2025');
    expect(plain('privacy')).toContain('February 2025');
    expect(plain('hipaa-notice')).toContain('Effective February 1, 2024');
  });

  it('asks acceptance of the Terms and the Privacy Policy only', () => {
    expect(acceptanceDocumentIds).toEqual(['terms', 'privacy']);
    for (const id of legalDocumentIds)
      expect(legalDocuments[id].requiresAcceptance).toBe(
        (acceptanceDocumentIds as readonly string[]).includes(id),
      );
  });

  it("the Terms modal offers 'Accept' only under the title 'Terms of Use'", () => {
    expect(termsModalAction('Terms of Use')).toBe('Accept');
    expect(termsModalAction('Privacy Policy')).toBe('Close');
    expect(termsModalAction('terms of use')).toBe('Close');
  });

  it.each(legalDocumentIds)('%s: every link to an anchor of the text lands on a heading', (id) => {
    const { blocks } = parsed(id);
    const ids = new Set(blocks.flatMap((b) => (b.type === 'heading' ? [b.id] : [])));
    const runs = blocks.flatMap((b) => (b.type === 'list' ? b.items.flatMap((i) => i.runs) : b.runs));
    const anchors = runs.flatMap((r) => (r.href?.startsWith('#') ? [r.href.slice(1)] : []));
    for (const anchor of anchors) expect(ids, `#${anchor}`).toContain(anchor);
    const pages = runs.flatMap((r) => (r.href?.startsWith('/') ? [r.href.split('#')[0]] : []));
    const paths = Object.values(legalDocuments).map((d) => d.path);
    for (const page of pages) expect(paths).toContain(page);
  });
});

describe('the Terms of Service', () => {
  const text = plain('terms');

  it('is for adults 18 or older, and clinical decision support only', () => {
    expect(section('terms', 'Who may use')).toContain('18 or older');
    expect(section('terms', 'Clinical decision support only')).toMatch(/clinical decision support only/i);
    expect(section('terms', 'Clinical decision support only')).toMatch(/never a diagnosis/);
  });

  it('gives crisis guidance: emergency services or 988', () => {
    const crisis = section('terms', 'Not for emergencies');
    expect(crisis).toContain('local emergency number (911 in the US)');
    expect(crisis).toContain('call or text 988 to reach the Suicide & Crisis Lifeline (US)');
    expect(crisis).toMatch(/crisis lifeline/);
  });

  it('describes the platform and names the user categories', () => {
    for (const words of [
      'therapist matching',
      'self-reflection tools',
      'voice-to-text transcription',
      'session analysis and summarization',
      'progress tracking',
      'clinical insights',
      'care plan recommendations',
      'individual providers, group practice administrators, clinical support staff, individual clients, research partners and platform administrators',
    ])
      expect(section('terms', 'About the Service')).toContain(words);
  });

  it('bills fees in US dollars, non-refundable', () => {
    const fees = section('terms', 'Subscriptions, fees and payment');
    expect(fees).toContain('All fees are billed in US dollars.');
    expect(fees).toContain('Fees are non-refundable');
    expect(fees).toContain('14 days');
    expect(fees).toContain('2 months');
  });

  it("sets out providers' responsibilities", () => {
    const providers = section('terms', 'Responsibilities of providers');
    expect(providers).toContain('solely responsible for your clinical decisions');
    expect(providers).toContain('must not rely solely on AI insights');
    expect(providers).toContain('crisis and safety protocols');
    expect(providers).toContain('state licensing and geographic limits');
  });

  it('lets clients opt out of research use of de-identified data', () => {
    expect(section('terms', 'Research use of de-identified data')).toContain('Clients may opt out');
  });

  it('caps liability at the greater of 6 months of fees or US$100', () => {
    expect(section('terms', 'Limitation of liability')).toContain(
      'the greater of the amount you paid us in the 6 months before the claim arose, or 100 US dollars (US$100)',
    );
  });

  it('requires individual arbitration, with its exceptions, venue, fees and class waiver', () => {
    const arbitration = section('terms', 'Dispute resolution and arbitration');
    expect(arbitration).toContain('Mandatory individual arbitration');
    expect(arbitration).toContain('small claims court');
    expect(arbitration).toContain('injunctive relief');
    expect(arbitration).toContain('county where you live');
    expect(arbitration).toContain("reasonable attorneys' fees");
    expect(arbitration).toContain('class, collective or representative action');
  });

  it('covers termination, suspension and cancellation through support', () => {
    const end = section('terms', 'Termination, suspension and cancellation');
    expect(end).toContain('may terminate or suspend an account at any time');
    expect(end).toContain('cancel your account at any time by contacting support');
  });

  it('names third-party AI processing as configurable, the built-in engine being the default', () => {
    const ai = section('terms', 'AI features');
    expect(ai).toContain("By default these run on MindLedger's built-in engine");
    expect(ai).toContain('may instead configure a third-party AI model');
  });

  it('has the other sections the spec names', () => {
    for (const heading of ['Your content and your data rights', 'Compliance framework', 'Indemnification'])
      expect(text).toContain(heading);
    expect(section('terms', 'Compliance framework')).toContain('11.3');
  });
});

describe('the Privacy Policy and Data Protection Framework', () => {
  it('has a table of contents of exactly 17 topics, each a section of the policy', () => {
    const { blocks } = parsed('privacy');
    const tocAt = blocks.findIndex((b) => b.type === 'heading' && runsText(b.runs) === 'Table of contents');
    const toc = blocks[tocAt + 1];
    expect(toc?.type).toBe('list');
    if (toc?.type !== 'list') return;
    expect(toc.ordered).toBe(true);
    expect(toc.items).toHaveLength(17);
    const sections = legalHeadings(blocks).filter((h) => h.text !== 'Table of contents');
    expect(sections).toHaveLength(17);
    expect(toc.items.map((item) => item.runs[0]?.href)).toEqual(sections.map((s) => `#${s.id}`));
  });

  it('has the headings the spec names', () => {
    const headings = legalHeadings(parsed('privacy').blocks).map((h) => h.text);
    for (const heading of [
      'Amendment procedures',
      'Control mechanisms',
      'Mental-health data protections',
      'Regulatory compliance',
      'Contact information',
    ])
      expect(headings.some((h) => h.endsWith(heading))).toBe(true);
  });

  it('states third-party AI processing as configurable, and what this service runs', () => {
    const ai = section('privacy', 'AI processing');
    expect(ai).toContain("By default these features run on MindLedger's built-in engine");
    expect(ai).toContain('can integrate a third-party AI model through an OpenAI-compatible service');
    expect(ai).toContain('On this MindLedger service: {aiProcessing}');
  });

  it('notifies breaches within 72 hours of discovery, and SMS stop by replying STOP', () => {
    expect(section('privacy', 'Breach notification')).toContain('within 72 hours of discovery');
    expect(section('privacy', 'Email, push and SMS')).toContain('replying STOP');
  });

  it("lists the users' rights of Part 2 §6", () => {
    const rights = section('privacy', 'Your rights');
    for (const right of [
      'access',
      'amend',
      'delete',
      'restrict',
      'accounting of the disclosures',
      'contact you confidentially',
      'electronic copy',
      'paper copy',
    ])
      expect(rights).toContain(right);
  });

  it('names the privacy contact by the configured address', () => {
    expect(section('privacy', 'Contact information')).toContain('Email: {privacyEmail}');
  });

  it('names what is kept of an address whose free trial was used, and what for (decision 106)', () => {
    const retention = section('privacy', 'Data retention and deletion');
    expect(retention).toContain('when your account is deleted, or when you change your email address');
    expect(retention).toContain('a one-way code computed from it with a secret key');
    expect(retention).toContain('so that the same address does not get a second free trial');
  });
});

describe('the Notice of HIPAA Privacy Practices', () => {
  it('gives access within 30 days with a reasonable fee, and takes complaints in writing', () => {
    const rights = section('hipaa-notice', 'Your rights');
    expect(rights).toContain('within 30 days');
    expect(rights).toContain('reasonable, cost-based fee');
    expect(section('hipaa-notice', 'Complaints')).toContain('Complaints to us must be made in writing');
  });

  it('covers use and disclosure, and written authorization for marketing and sales', () => {
    expect(plain('hipaa-notice')).toContain('How we may use and disclose your health information');
    const authorization = section('hipaa-notice', 'Uses that need your written authorization');
    expect(authorization).toContain('marketing');
    expect(authorization).toContain('the sale of your health information');
  });
});

describe('the HIPAA Marketing Authorization', () => {
  it('lasts until revoked or three years, is voluntary and does not condition treatment', () => {
    expect(section('marketing-authorization', 'How long it lasts')).toContain(
      'valid until you revoke it or for three years from the date you sign it, whichever comes first',
    );
    const voluntary = section('marketing-authorization', 'It is voluntary');
    expect(voluntary).toContain('voluntary');
    expect(voluntary).toContain('not conditioned');
  });

  it('is revocable by email to the configured address or by mail to the privacy officer', () => {
    const revoke = section('marketing-authorization', 'You can revoke it');
    expect(revoke).toContain('by email to {privacyEmail}');
    expect(revoke).toContain('by a written request mailed to the Privacy Officer');
  });

  it('says where the copy is kept', () => {
    expect(section('marketing-authorization', 'Your copy')).toContain('Account page of the mobile app');
  });
});
