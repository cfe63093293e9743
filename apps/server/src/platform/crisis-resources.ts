import { crisisResourcesFor, type CrisisResources, type CrisisTable } from '@mindledger/domain';
import type { Db } from '../db/client.js';
import { findUserById } from './users.js';

/**
 * The crisis resources for one person (ruling 12): their profile's country, else its time zone's,
 * else the international fallback, from the deployment's table (config.crisisLines). The profile
 * has no country field today, so it is the time zone that decides.
 */
export async function crisisResourcesOfUser(
  ctx: { db: Db; config: { crisisLines: CrisisTable } },
  userId: string,
): Promise<CrisisResources> {
  const user = await findUserById(ctx.db, userId);
  return crisisResourcesFor({ timeZone: user?.timezone }, ctx.config.crisisLines);
}
