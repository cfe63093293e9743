import dayjs from 'dayjs';
import type { Audience, NewImportantUpdate } from './api';

export const titleMax = 200;
export const messageMax = 1000;
export const linkMax = 500;

/** The form as typed; `publishAt` is a datetime-local value in the device's zone. */
export interface UpdateFormValues {
  title: string;
  message: string;
  link: string;
  audience: Audience;
  when: 'now' | 'schedule';
  publishAt: string;
}

export const emptyUpdateForm: UpdateFormValues = {
  title: '',
  message: '',
  link: '',
  audience: 'all',
  when: 'now',
  publishAt: '',
};

export type UpdateFormErrors = Partial<Record<'title' | 'message' | 'link' | 'publishAt', string>>;

/** An https address or a path inside the app (as the server accepts). */
export function isValidLink(link: string): boolean {
  if (link === '') return true;
  if (link.startsWith('/')) return !link.startsWith('//') && !/\s/.test(link);
  return /^https:\/\/[^\s/]+[^\s]*$/i.test(link);
}

/** A datetime-local value for an instant, in the device's zone. */
export function toLocalInput(date: Date): string {
  return dayjs(date).format('YYYY-MM-DDTHH:mm');
}

export function validateUpdate(values: UpdateFormValues, now: Date = new Date()): UpdateFormErrors {
  const errors: UpdateFormErrors = {};
  const title = values.title.trim();
  const message = values.message.trim();
  const link = values.link.trim();
  if (!title) errors.title = 'Title is required';
  else if (title.length > titleMax) errors.title = `Title must be at most ${titleMax} characters`;
  if (!message) errors.message = 'Message is required';
  else if (message.length > messageMax) errors.message = `Message must be at most ${messageMax} characters`;
  if (link.length > linkMax) errors.link = `Link must be at most ${linkMax} characters`;
  else if (!isValidLink(link)) errors.link = 'Link must be an https address or a path in the app';
  if (values.when === 'schedule') {
    const at = dayjs(values.publishAt);
    if (!values.publishAt || !at.isValid()) errors.publishAt = 'Choose when to publish';
    else if (!at.isAfter(now)) errors.publishAt = 'Choose a time in the future';
  }
  return errors;
}

/** The request body of a valid form. */
export function toRequest(values: UpdateFormValues): NewImportantUpdate {
  const link = values.link.trim();
  return {
    title: values.title.trim(),
    message: values.message.trim(),
    ...(link ? { link } : {}),
    audience: values.audience,
    ...(values.when === 'schedule' ? { publishAt: dayjs(values.publishAt).toISOString() } : {}),
  };
}
