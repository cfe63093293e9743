import {
  isTimeZone,
  localDay,
  promoCsvFileName,
  promoListQuery,
  promoMessages,
  type PromoCodeForm,
  type PromoCodeResponse,
} from '@mindledger/domain';
import type { z } from 'zod';
import { saveFile as saveBlob } from '../../ui/save-file';
import { api, ApiError, request } from '../../api/client';

/** The promo-codes query, as the shared schema outputs it (limit 0 is All). */
export type PromoListParams = z.output<typeof promoListQuery>;
export type PromoSort = PromoListParams['sort'];

export interface PromoCodesPage {
  success: boolean;
  promoCodes: PromoCodeResponse[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

export interface PromoCodeAnswer {
  success: boolean;
  message?: string;
  promoCode: PromoCodeResponse;
}

/** What an edit sends: the fields that may change (the locked ones are left out). */
export interface PromoCodeEdit {
  description: string;
  expiresAt: string;
  oneTimeUse: boolean;
  active: boolean;
}

export const promoKeys = {
  all: ['admin', 'promo-codes'] as const,
  list: (query: PromoListParams) => ['admin', 'promo-codes', 'list', query] as const,
};

const path = (id: string) => `promo-codes/${encodeURIComponent(id)}`;

export const promoApi = {
  list: (params: PromoListParams, signal?: AbortSignal) => {
    const query = promoListQuery.parse(params);
    return api.get<PromoCodesPage>('promo-codes', { signal, query });
  },
  create: (body: PromoCodeForm) => api.post<PromoCodeAnswer>('promo-codes', body, { idempotent: true }),
  update: (id: string, body: PromoCodeEdit) => api.put<PromoCodeAnswer>(path(id), body),
  remove: (id: string) => api.delete<{ success: boolean; message?: string }>(path(id)),
  /** The server's CSV of every code, through the app's client (bearer token). */
  exportCsv: () => request<Blob>('promo-codes/export.csv', { responseType: 'blob' }),
};

/** Saves the CSV the browser already holds (under the export's file name unless told). */
export function saveFile(blob: Blob, name = promoCsvFileName): void {
  saveBlob(blob, name);
}

/**
 * The toast of a failed save, delete or export (Part 2 §8 Promo (admin)): the server's message
 * when it sent one, otherwise 'Something went wrong'.
 */
export function promoFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return promoMessages.failed;
}

/** The admin's today (their profile's zone, else the device's): the earliest expiry allowed. */
export function adminToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  const zone = isTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return localDay(now, isTimeZone(zone) ? zone : 'UTC');
}
