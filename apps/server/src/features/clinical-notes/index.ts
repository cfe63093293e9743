import type { Feature } from '../feature.js';
import { clinicalNotesRoutes } from './routes.js';

export { ClinicalNotesService } from './service.js';
export { NoteSummaryWriter } from './note-summary.js';
export { NotesRepo, type NoteRow } from './repo.js';

/** A provider's notes, addenda and to-dos about a client (issue 15; docs/API-clinical-notes.md). */
export const clinicalNotesFeature: Feature = {
  name: 'clinical-notes',
  routes: (ctx, services) => [
    {
      prefix: '/api/v1',
      plugin: clinicalNotesRoutes(ctx, services.clinicalNotes, services.noteSummaries),
    },
  ],
};
export { providerNow } from './provider-time.js';
