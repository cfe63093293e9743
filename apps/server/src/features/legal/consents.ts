import type { FastifyRequest } from 'fastify';
import {
  legalDocuments,
  legalMessages,
  marketingAuthorizationExpiry,
  marketingStatus,
  type ConsentsView,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { conflict } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { legalRepo, type ConsentEventRow, type ConsentsRow } from './repo.js';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** A client's consents as the API answers them (the status read at `now`). */
export function presentConsents(
  row: ConsentsRow | undefined,
  events: ConsentEventRow[],
  now: Date,
): ConsentsView {
  const marketing = {
    grantedAt: row?.marketingGrantedAt ?? null,
    expiresAt: row?.marketingExpiresAt ?? null,
    revokedAt: row?.marketingRevokedAt ?? null,
  };
  return {
    research: { optedOut: row?.researchOptOut ?? false, updatedAt: iso(row?.researchUpdatedAt) },
    marketing: {
      status: marketingStatus(marketing, now),
      version: row?.marketingVersion ?? null,
      signature: row?.marketingSignature ?? null,
      grantedAt: iso(marketing.grantedAt),
      expiresAt: iso(marketing.expiresAt),
      revokedAt: iso(marketing.revokedAt),
    },
    history: events.map((event) => ({
      kind: event.kind,
      at: event.occurredAt.toISOString(),
      version: event.version,
      expiresAt: iso(event.expiresAt),
    })),
  };
}

/**
 * A client's consents (issue 17; decision 094): research use of de-identified data (opt out) and
 * the HIPAA marketing authorization (grant, three years, revoke). Each change is one transaction
 * with its history row and its audit row, and holds from the moment it commits: the checks below
 * read the row, nothing is cached.
 */
export class ConsentsService {
  constructor(private readonly ctx: AppContext) {}

  private now(): Date {
    return this.ctx.clock.now();
  }

  async view(userId: string): Promise<ConsentsView> {
    const [row, events] = await Promise.all([
      legalRepo.consents(this.ctx.db, userId),
      legalRepo.events(this.ctx.db, userId),
    ]);
    return presentConsents(row, events, this.now());
  }

  /** PUT consents/research: opting out (or back in) takes effect for every later research use. */
  async setResearch(request: FastifyRequest, actor: AccessClaims, optOut: boolean): Promise<ConsentsView> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await legalRepo.lockConsents(tx, actor.sub);
      const now = this.now();
      if (row.researchOptOut !== optOut) {
        await legalRepo.updateConsents(tx, actor.sub, { researchOptOut: optOut, researchUpdatedAt: now });
        await legalRepo.addEvent(tx, actor.sub, {
          kind: optOut ? 'research_opt_out' : 'research_opt_in',
          occurredAt: now,
        });
        await this.ctx.audit.record(
          {
            action: 'RESEARCH_CONSENT_CHANGED',
            resourceType: 'consent',
            resourceId: 'research',
            patientId: actor.sub,
            metadata: { optOut },
          },
          request,
          tx,
        );
      }
      return presentConsents(
        await legalRepo.consents(tx, actor.sub),
        await legalRepo.events(tx, actor.sub),
        now,
      );
    });
  }

  /**
   * POST consents/marketing-authorization: signs the current authorization, valid for three years.
   * An active one is not signed again (409); a revoked or expired one may be.
   */
  async grantMarketing(
    request: FastifyRequest,
    actor: AccessClaims,
    input: { version: string; signature: string },
    inWrite?: InWrite<ConsentsView>,
  ): Promise<ConsentsView> {
    const current = legalDocuments['marketing-authorization'].version;
    if (input.version.trim() !== current) throw conflict(legalMessages.versionNotCurrent);
    return this.ctx.db.transaction(async (tx) => {
      const row = await legalRepo.lockConsents(tx, actor.sub);
      const now = this.now();
      if (this.statusOf(row, now) === 'active') throw conflict(legalMessages.marketingAlreadyActive);
      const expiresAt = marketingAuthorizationExpiry(now);
      await legalRepo.updateConsents(tx, actor.sub, {
        marketingVersion: current,
        marketingSignature: input.signature,
        marketingGrantedAt: now,
        marketingExpiresAt: expiresAt,
        marketingRevokedAt: null,
      });
      await legalRepo.addEvent(tx, actor.sub, {
        kind: 'marketing_granted',
        occurredAt: now,
        version: current,
        expiresAt,
      });
      await this.ctx.audit.record(
        {
          action: 'MARKETING_AUTHORIZATION_GRANTED',
          resourceType: 'consent',
          resourceId: 'marketing',
          patientId: actor.sub,
          metadata: { version: current, expiresAt: expiresAt.toISOString() },
        },
        request,
        tx,
      );
      const view = presentConsents(
        await legalRepo.consents(tx, actor.sub),
        await legalRepo.events(tx, actor.sub),
        now,
      );
      await inWrite?.(tx, view);
      return view;
    });
  }

  /** POST consents/marketing-authorization/revoke: ends an active authorization at once. */
  async revokeMarketing(request: FastifyRequest, actor: AccessClaims): Promise<ConsentsView> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await legalRepo.lockConsents(tx, actor.sub);
      const now = this.now();
      if (this.statusOf(row, now) !== 'active') throw conflict(legalMessages.marketingNotActive);
      await legalRepo.updateConsents(tx, actor.sub, { marketingRevokedAt: now });
      await legalRepo.addEvent(tx, actor.sub, {
        kind: 'marketing_revoked',
        occurredAt: now,
        version: row.marketingVersion,
      });
      await this.ctx.audit.record(
        {
          action: 'MARKETING_AUTHORIZATION_REVOKED',
          resourceType: 'consent',
          resourceId: 'marketing',
          patientId: actor.sub,
          metadata: { version: row.marketingVersion },
        },
        request,
        tx,
      );
      return presentConsents(
        await legalRepo.consents(tx, actor.sub),
        await legalRepo.events(tx, actor.sub),
        now,
      );
    });
  }

  private statusOf(row: ConsentsRow, now: Date) {
    return marketingStatus(
      {
        grantedAt: row.marketingGrantedAt,
        expiresAt: row.marketingExpiresAt,
        revokedAt: row.marketingRevokedAt,
      },
      now,
    );
  }

  /** Whether the client's marketing authorization is in effect now: what any marketing must ask first. */
  async marketingAuthorized(userId: string): Promise<boolean> {
    const row = await legalRepo.consents(this.ctx.db, userId);
    return row ? this.statusOf(row, this.now()) === 'active' : false;
  }

  /** Of `userIds`, those to leave out of any research use of de-identified data. */
  researchExcluded(userIds: readonly string[]): Promise<Set<string>> {
    return legalRepo.researchOptedOut(this.ctx.db, userIds);
  }
}
