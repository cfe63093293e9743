import { useEffect, useMemo } from 'react';
import type { RenderableDocuments, RenderableKind } from '@mindledger/domain';
import { logUnreadable, parseDocument } from './parse';

/** The document a viewer shows, or null (nothing given, or unreadable: logged once). */
export function useDocument<K extends RenderableKind>(
  kind: K,
  input: unknown,
): RenderableDocuments[K] | null {
  const result = useMemo(() => parseDocument(kind, input), [kind, input]);
  useEffect(() => {
    if (!result.ok && result.reason !== 'empty') logUnreadable(kind, result.reason);
  }, [kind, result]);
  return result.ok ? result.doc : null;
}
