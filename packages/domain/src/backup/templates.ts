import { csvLine } from '../platform/csv.js';
import { entryCsvColumns, goalCsvColumns } from './other-apps.js';

/**
 * Import templates (GET import/template-info, import/template/{type}?format&includeExamples): CSV
 * and JSON for entries and goals, so a journal kept elsewhere (a spreadsheet, another app) comes
 * in through the same preview and checks as a backup.
 */
export const templateTypes = ['entries', 'goals'] as const;
export type TemplateType = (typeof templateTypes)[number];
export const templateFormats = ['csv', 'json'] as const;
export type TemplateFormat = (typeof templateFormats)[number];

interface Column {
  name: string;
  required: boolean;
  description: string;
}

export const templateColumns: Record<TemplateType, readonly Column[]> = {
  entries: [
    { name: 'date', required: true, description: 'The day, like 2024-03-05 (or a full ISO time).' },
    { name: 'time', required: false, description: 'The time, like 21:14 or 9:14 pm (noon when empty).' },
    {
      name: 'timezone',
      required: false,
      description: 'Where it was written, like Europe/Paris (your profile zone when empty).',
    },
    {
      name: 'mood',
      required: true,
      description: 'Awesome, Fine, Okay, Not fine or Very bad (other names can be mapped at import).',
    },
    { name: 'notes', required: false, description: 'What you wrote (up to 10,000 characters).' },
    { name: 'activities', required: false, description: 'Activities separated by | (up to 20).' },
    { name: 'private', required: false, description: 'yes to keep the entry from your providers.' },
  ],
  goals: [
    { name: 'text', required: true, description: 'The goal (up to 500 characters).' },
    { name: 'notes', required: false, description: 'Notes about it.' },
    { name: 'status', required: false, description: 'active, completed or abandoned (active when empty).' },
    { name: 'targetDate', required: false, description: 'A target day like 2026-06-30.' },
    { name: 'priority', required: false, description: '1 (low) to 5 (high); 3 when empty.' },
    {
      name: 'categories',
      required: false,
      description: 'personal, health, career, relationships, education or other, separated by |.',
    },
  ],
};

const examples: Record<TemplateType, Record<string, string>[]> = {
  entries: [
    {
      date: '2024-03-05',
      time: '21:14',
      timezone: 'Europe/Paris',
      mood: 'Fine',
      notes: 'A long walk after work. Felt calmer by the evening.',
      activities: 'walking | friends',
      private: 'no',
    },
    {
      date: '2024-03-06',
      time: '08:30',
      timezone: '',
      mood: 'Not fine',
      notes: 'Slept badly before the deadline.',
      activities: '',
      private: 'yes',
    },
  ],
  goals: [
    {
      text: 'Walk 20 minutes a day',
      notes: 'After lunch',
      status: 'active',
      targetDate: '2026-06-30',
      priority: '3',
      categories: 'health',
    },
    {
      text: 'Read before bed',
      notes: '',
      status: 'completed',
      targetDate: '',
      priority: '2',
      categories: 'personal',
    },
  ],
};

const columnsOf = (type: TemplateType) => (type === 'entries' ? entryCsvColumns : goalCsvColumns);

/** The template file: its name, type and text. */
export function templateFile(
  type: TemplateType,
  format: TemplateFormat,
  includeExamples: boolean,
): { fileName: string; contentType: string; text: string } {
  const rows = includeExamples ? examples[type] : [];
  const fileName = `mindledger-${type}-template.${format}`;
  if (format === 'csv') {
    const columns = columnsOf(type);
    const lines = [csvLine(columns), ...rows.map((row) => csvLine(columns.map((c) => row[c] ?? '')))];
    return { fileName, contentType: 'text/csv; charset=utf-8', text: `${lines.join('\r\n')}\r\n` };
  }
  return {
    fileName,
    contentType: 'application/json; charset=utf-8',
    text: `${JSON.stringify({ [type]: rows }, null, 2)}\n`,
  };
}

/** GET import/template-info. */
export function templateInfo() {
  return templateTypes.map((type) => ({
    type,
    formats: [...templateFormats],
    columns: templateColumns[type],
    example: examples[type][0],
  }));
}
