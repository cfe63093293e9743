import { crisisResourcesFor, type CrisisResources } from '@mindledger/domain';
import { testUserTimezone } from './harness.js';

/**
 * The crisis resources of the harness's users: their profile zone's country (TEST_USER_TIMEZONE;
 * the full tier runs in America/Santiago, which the table leaves to the international fallback).
 */
export const testUserResources: CrisisResources = crisisResourcesFor({ timeZone: testUserTimezone });

/** Whether a reply names one of the harness users' own lines (a number, or the fallback's site). */
export function namesOwnLine(reply: string): boolean {
  return testUserResources.contacts.some((contact) =>
    reply.includes(contact.href.replace(/^(?:tel|sms):/, '').replace(/^https?:\/\//, '')),
  );
}
