import { describe, expect, it } from 'vitest';
import {
  bulkUpdateSchema,
  canChangeInvitationStatus,
  clientHiddenFromProvider,
  connectionGivesAccess,
  connectionMessages,
  docPatientQuery,
  getPatientsSchema,
  inactiveClientsQuery,
  markInactiveSchema,
  statusUpdateSchema,
} from './schemas.js';

describe('canChangeInvitationStatus', () => {
  it('lets only the invited side decide a pending invitation', () => {
    expect(
      canChangeInvitationStatus({ status: 'pending', invitedBy: 'provider' }, 'patient', 'accepted'),
    ).toEqual({
      ok: true,
    });
    expect(
      canChangeInvitationStatus({ status: 'pending', invitedBy: 'patient' }, 'provider', 'rejected'),
    ).toEqual({
      ok: true,
    });
    expect(
      canChangeInvitationStatus({ status: 'pending', invitedBy: 'provider' }, 'provider', 'accepted'),
    ).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: connectionMessages.onlyInvited,
    });
  });

  it('locks the choice once accepted or rejected, with the exact messages', () => {
    for (const actor of ['patient', 'provider'] as const) {
      for (const next of ['accepted', 'rejected'] as const) {
        expect(canChangeInvitationStatus({ status: 'accepted', invitedBy: 'provider' }, actor, next)).toEqual(
          {
            ok: false,
            code: 'CONFLICT',
            message: 'This action is disabled because the user is already Accepted.',
          },
        );
        expect(canChangeInvitationStatus({ status: 'rejected', invitedBy: 'provider' }, actor, next)).toEqual(
          {
            ok: false,
            code: 'CONFLICT',
            message: 'This user is Rejected by Client.',
          },
        );
      }
    }
  });

  it('treats a deleted invitation as gone', () => {
    expect(
      canChangeInvitationStatus({ status: 'deleted', invitedBy: 'provider' }, 'patient', 'accepted'),
    ).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('clientHiddenFromProvider', () => {
  it('hides the client of a provider invitation until the client accepts; a client who invites shows themselves', () => {
    const hidden = (
      status: 'pending' | 'accepted' | 'rejected' | 'deleted',
      invitedBy: 'provider' | 'patient',
    ) => clientHiddenFromProvider({ status, invitedBy });
    expect(hidden('pending', 'provider')).toBe(true);
    expect(hidden('rejected', 'provider')).toBe(true);
    expect(hidden('accepted', 'provider')).toBe(false);
    expect(hidden('pending', 'patient')).toBe(false);
    expect(hidden('rejected', 'patient')).toBe(false);
  });
});

describe('connection schemas', () => {
  it('gives access only to accepted and active', () => {
    expect(connectionGivesAccess({ status: 'accepted', connectionStatus: 'active' })).toBe(true);
    expect(connectionGivesAccess({ status: 'accepted', connectionStatus: 'inactive' })).toBe(false);
    expect(connectionGivesAccess({ status: 'pending', connectionStatus: 'active' })).toBe(false);
  });

  it('maps an empty or missing newStatus and id to empty strings (the call is ignored)', () => {
    expect(statusUpdateSchema.parse({})).toEqual({ id: '', newStatus: '' });
    expect(statusUpdateSchema.parse({ id: null, newStatus: null })).toEqual({ id: '', newStatus: '' });
    expect(statusUpdateSchema.parse({ id: 'x', newStatus: 'accepted' })).toEqual({
      id: 'x',
      newStatus: 'accepted',
    });
    const bad = statusUpdateSchema.safeParse({ id: 'x', newStatus: 'maybe' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Must be one of: accepted, rejected');
  });

  it('defaults the patient list query and bounds the page size', () => {
    expect(getPatientsSchema.parse({})).toEqual({ data: { page: 1, limit: 10 } });
    expect(getPatientsSchema.safeParse({ data: { limit: 101 } }).error?.issues[0]?.message).toBe(
      'Must not exceed 100',
    );
  });

  it('splits and de-duplicates user ids, at most 100', () => {
    expect(docPatientQuery.parse({ userIds: 'a, b,,a' }).userIds).toEqual(['a', 'b']);
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
    expect(docPatientQuery.safeParse({ userIds: many }).success).toBe(false);
  });

  it('requires a reason of at most 500 characters to mark inactive', () => {
    expect(markInactiveSchema.safeParse({}).error?.issues[0]?.message).toBe('Reason is required');
    expect(markInactiveSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Must not exceed 500 characters',
    );
  });

  it('reads includeDisconnected as a boolean and requires a reason for bulk mark-inactive', () => {
    expect(inactiveClientsQuery.parse({ includeDisconnected: 'false' }).includeDisconnected).toBe(false);
    expect(inactiveClientsQuery.parse({ includeDisconnected: 'true' }).includeDisconnected).toBe(true);
    const bulk = bulkUpdateSchema.safeParse({ clientIds: ['a'], action: 'mark-inactive' });
    expect(bulk.error?.issues[0]?.message).toBe('Reason is required');
    expect(bulkUpdateSchema.safeParse({ clientIds: [], action: 'disconnect' }).success).toBe(false);
  });
});
