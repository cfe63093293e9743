/**
 * Backup (Part 2 §7 Backup; issue 17; decision 095): the limits of an import and the texts of the
 * backup calls. A file is refused whole, with every problem and where it is, before anything is
 * written.
 */
export const backupFormat = 'mindledger-backup' as const;
export const backupVersion = 1;
/** The JSON Schema id of the backup document (docs/API-backup.md describes it). */
export const backupSchemaId = 'https://mindledger.app/schemas/backup-v1.json';
/** The name of the document inside a backup archive. */
export const backupDocumentName = 'backup.json';

export const backupLimits = {
  /** The largest file an import takes (Part of issue 17: "a 50 MB+ file"). */
  maxUploadBytes: 50 * 1024 * 1024,
  /** The JSON document inside an archive, read into memory to be checked. */
  maxDocumentBytes: 40 * 1024 * 1024,
  /** Files an archive may hold (the document, the avatar, photos). */
  maxArchiveEntries: 20_000,
  /** Everything an archive unpacks to, and the most one member may grow by (a ZIP bomb is refused). */
  maxUnpackedBytes: 400 * 1024 * 1024,
  maxCompressionRatio: 100,
  /** One photo or avatar. */
  maxImageBytes: 10 * 1024 * 1024,
  maxEntries: 100_000,
  maxGoals: 1_000,
  maxDocuments: 2_000,
  maxChatMessages: 2_000,
  /** Problems listed in one answer (the count says how many there were). */
  maxProblems: 200,
  /** Exports and imports kept, and how long an export's file is kept. */
  historyLimit: 50,
  exportTtlHours: 24,
} as const;

export const importSources = ['backup', 'daylio', 'csv', 'entries-json', 'goals-csv', 'goals-json'] as const;
export type ImportSource = (typeof importSources)[number];
export const importSourceLabels: Record<ImportSource, string> = {
  backup: 'MindLedger backup',
  daylio: 'Daylio CSV export',
  csv: 'CSV of date, mood, notes',
  'entries-json': 'Entries (JSON template)',
  'goals-csv': 'Goals (CSV template)',
  'goals-json': 'Goals (JSON template)',
};

export const conflictResolutions = ['skip', 'replace', 'keepBoth'] as const;
export type ConflictResolution = (typeof conflictResolutions)[number];
export const conflictResolutionLabels: Record<ConflictResolution, string> = {
  skip: 'Skip (keep what is here)',
  replace: 'Replace with the imported one',
  keepBoth: 'Keep both',
};

export const backupMessages = {
  exportStarted: 'Your backup is being prepared.',
  exportFailed: 'The backup could not be built. Please try again.',
  exportNotFound: 'Backup not found or expired. Please make a new one.',
  importNotFound: 'Import not found',
  tooLarge: 'The file is larger than 50 MB. Split it or export a shorter period.',
  fileRequired: 'Choose a file to import.',
  notMultipart: 'Send the file as multipart/form-data.',
  unknownFormat:
    'This file is not a MindLedger backup, a Daylio CSV export, or a CSV or JSON of the import templates.',
  notUtf8: 'The file is not valid UTF-8 text. Save it as UTF-8 and try again.',
  badJson: 'The file is not valid JSON.',
  badZip: 'The archive could not be read. It may be damaged or not a ZIP file.',
  zipBomb: 'The archive unpacks to far more than it holds, so it was refused.',
  unsafePath: 'The archive names a file outside its own folder, so it was refused.',
  tooManyFiles: 'The archive holds too many files.',
  tooManyEntries: `A backup holds at most ${backupLimits.maxEntries.toLocaleString('en-US')} entries.`,
  noDocument: `The archive has no ${backupDocumentName}.`,
  wrongFormat: 'This JSON is not a MindLedger backup.',
  newerVersion: 'This backup was made by a newer version of MindLedger. Update and try again.',
  emptyFile: 'The file has nothing to import.',
  notValidated: 'Check the file first: it has problems to fix before it can be imported.',
  alreadyImported: 'This import was already confirmed.',
  running: 'An import is already running. Wait for it to finish or cancel it.',
  cancelled: 'Import cancelled. Nothing was changed.',
  notCancellable: 'This import has already finished.',
  confirmStarted: 'Import started.',
  completed: 'Import complete.',
  failed: 'The import failed. Nothing was changed.',
  templateType: 'Choose entries or goals.',
  unknownConflict: 'A resolution names a conflict this import does not have.',
} as const;
