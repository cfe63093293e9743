import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clinicalExports, users } from '../../db/schema/index.js';
import type { UserRow } from '../../platform/users.js';
import { UsedTrials } from '../billing/index.js';
import { exportFolder } from '../clinical-export/index.js';

/** Every folder of the files port that holds one user's files (`exports/`: exports about a client). */
export const userFileFolders = (userId: string) => [
  `avatars/${userId}`,
  `journal/${userId}`,
  `exports/${userId}`,
];

/**
 * Deleting an account removes the user row; every table holding the user's data references it
 * with ON DELETE CASCADE, so the data goes with it in one statement. Files (the avatar, every journal
 * photo, linked or not) go after the commit, folder by folder.
 * Audit entries keep the bare id (no personal data) as the legal trail. The user's sessions end
 * first, on every instance, so that their access tokens are refused at once (401, not 500). A used
 * first-time trial stays known by a keyed hash of the address only (`UsedTrials`, decision 106), in
 * the deletion's transaction.
 */
export async function deleteUserAndData(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.sessionRegistry.endAllOf(user.id, 'account_deleted');
  // Exports a provider asked for live under their clients' folders: found before their rows go.
  const asked = await ctx.db
    .select({ id: clinicalExports.id, patientId: clinicalExports.patientId })
    .from(clinicalExports)
    .where(eq(clinicalExports.requestedBy, user.id));
  await ctx.db.transaction(async (tx) => {
    await new UsedTrials(ctx.config.jwtSecret).keepIfUsed(tx, user.id, user.email);
    await tx.delete(users).where(eq(users.id, user.id));
  });
  // A session started between the two statements went with the row: no cache may keep it alive.
  await ctx.sessionRegistry.userDeleted(user.id);
  const folders = [...userFileFolders(user.id), ...asked.map((e) => exportFolder(e.patientId, e.id))];
  for (const folder of folders) {
    // The account is gone already; a file that cannot be removed now is reported, not answered as 500.
    await ctx.files
      .deleteFolder(folder)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'account files not deleted'));
  }
}
