import { aiDocumentMessages, documentText, type RenderableKind } from '@mindledger/domain';
import { parseDocument } from './parse';

export type CopyStatus = 'copied' | 'noContent' | 'dataError' | 'unavailable' | 'failed';

export interface CopyOutcome {
  /** Whether the text is on the clipboard. */
  ok: boolean;
  status: CopyStatus;
  /** The toast text of Part 2 §5 and §8. */
  message: string;
  /** How the caller shows it: green on success, yellow when there is nothing to copy, red otherwise. */
  tone: 'success' | 'warning' | 'error';
}

const outcomes: Record<CopyStatus, CopyOutcome> = {
  copied: { ok: true, status: 'copied', message: aiDocumentMessages.contentCopied, tone: 'success' },
  noContent: { ok: false, status: 'noContent', message: aiDocumentMessages.noContent, tone: 'warning' },
  dataError: { ok: false, status: 'dataError', message: aiDocumentMessages.clipboardData, tone: 'error' },
  unavailable: {
    ok: false,
    status: 'unavailable',
    message: aiDocumentMessages.clipboardUnavailable,
    tone: 'error',
  },
  failed: { ok: false, status: 'failed', message: aiDocumentMessages.copyError, tone: 'error' },
};

/** The clipboard's writeText, when this browser has one (not on insecure origins, nor in old browsers). */
function clipboardWriter(): ((text: string) => Promise<void>) | null {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return typeof clipboard?.writeText === 'function' ? (text) => clipboard.writeText(text) : null;
}

/**
 * Copies a document as plain text (the same blocks as its PDF). `doc` is the document as stored:
 * parsed, or its JSON text. Resolves to the outcome; the caller shows its message as a toast.
 */
export async function copyDocument<K extends RenderableKind>(kind: K, doc: unknown): Promise<CopyOutcome> {
  const parsed = parseDocument(kind, doc);
  if (!parsed.ok) return outcomes[parsed.reason === 'empty' ? 'noContent' : 'dataError'];
  if (Array.isArray(parsed.doc) && parsed.doc.length === 0) return outcomes.noContent;
  let text: string;
  try {
    text = documentText(kind, parsed.doc);
  } catch {
    return outcomes.dataError;
  }
  if (!text.trim()) return outcomes.noContent;
  const write = clipboardWriter();
  if (!write) return outcomes.unavailable;
  try {
    await write(text);
    return outcomes.copied;
  } catch {
    return outcomes.failed;
  }
}
