import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  fillLegalPlaceholders,
  legalPlaceholderValues,
  parseLegalMarkdown,
  type LegalDocumentId,
  type LegalMarkdown,
} from '@mindledger/domain';
import { fallbackPublicInfo, legalApi, legalKeys } from './api';
import { loadLegalText } from './texts';

/** The contacts and AI processing of this service (GET legal/documents), kept for 5 minutes. */
export function useLegalPublicInfo() {
  return useQuery({
    queryKey: legalKeys.publicInfo,
    queryFn: ({ signal }) => legalApi.publicInfo(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export interface LegalDocumentState {
  document: LegalMarkdown | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * A legal text read and filled in: the bundled text, with this service's privacy contact and AI
 * processing (the defaults, said plainly, when the server cannot be asked).
 */
export function useLegalDocument(id: LegalDocumentId): LegalDocumentState {
  const text = useQuery({
    queryKey: ['legal', 'text', id],
    queryFn: () => loadLegalText(id),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  const info = useLegalPublicInfo();
  const source = text.data;
  const values = info.data ?? (info.isError ? fallbackPublicInfo : null);
  const document = useMemo(
    () =>
      source !== undefined && values
        ? parseLegalMarkdown(fillLegalPlaceholders(source, legalPlaceholderValues(values)))
        : null,
    [source, values],
  );
  return {
    document,
    loading: !document && !text.isError,
    failed: text.isError,
    retry: () => void text.refetch(),
  };
}
