/**
 * The id of the note draft a provider is editing for a client, in sessionStorage, so that coming
 * back to the Notes/Plans tab re-opens it. Only the id: the note's words stay on the server.
 */
export const noteDraftKey = (patientId: string) => `ml.noteDraft.${patientId}`;

export function storedDraftId(patientId: string): string | null {
  try {
    return window.sessionStorage.getItem(noteDraftKey(patientId));
  } catch {
    return null;
  }
}

export function storeDraftId(patientId: string, noteId: string): void {
  try {
    window.sessionStorage.setItem(noteDraftKey(patientId), noteId);
  } catch {
    // storage unavailable: the draft is still on the server, in the notes list
  }
}

export function clearDraftId(patientId: string): void {
  try {
    window.sessionStorage.removeItem(noteDraftKey(patientId));
  } catch {
    // storage unavailable: nothing was remembered
  }
}
