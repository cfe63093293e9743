/** Generic validation messages of Part 1 §5, worded exactly as the spec gives them. */
export const messages = {
  textRequired: 'Text is required',
  minChars: (n: number) => `Must be at least ${n} characters`,
  maxChars: (n: number) => `Must not exceed ${n} characters`,
  fieldRequired: (field: string) => `${field} is required`,
  invalidFormat: 'Invalid format',
  oneOf: (values: readonly string[]) => `Must be one of: ${values.join(', ')}`,
  validNumber: 'Must be a valid number',
  minValue: (n: number) => `Must be at least ${n}`,
  maxValue: (n: number) => `Must not exceed ${n}`,
  validDate: 'Must be a valid date',
} as const;

/** Length bounds (characters) of Part 1 §5 and Part 2 §5. */
export const lengths = {
  mood: [1, 50],
  journalNotes: [1, 10_000],
  longText: [1, 50_000],
  chatMessage: [1, 2000],
  emoji: [1, 10],
  goalTitle: [1, 200],
  emotionField: [1, 100],
  dateString: [10, 30],
  username: [3, 30],
  password: [8, 128],
  mediumText: [1, 1000],
  email: [5, 255],
  name: [1, 100],
  title: [1, 200],
  description: [1, 2000],
} as const satisfies Record<string, readonly [number, number]>;
