import { z } from 'zod';

/**
 * The generated documents of Part 2 §3 ("Generated documents") and the weekly report of §2 ("Weekly
 * journal report viewer"), defined once: the AI adapters ask for these shapes and validate answers
 * against them, the server stores them, the screens and the PDF renderer read them.
 *
 * Texts are bounded so a model cannot store a novel; arrays too. Optional fields are optional in the
 * spec's viewers ("optional notes box", "optional follow-up").
 */
const text = (max = 4000) => z.string().trim().min(1).max(max);
const optionalText = (max = 4000) => z.string().trim().max(max).optional();
const list = (max = 20, itemMax = 600) => z.array(text(itemMax)).max(max);

/** The four Initial Journey documents generated on demand, and the weekly report. */
export const aiDocumentKinds = [
  'therapistProfile',
  'interviewGuide',
  'emailTemplate',
  'selfReflectionSummary',
  'weeklyReport',
] as const;
export type AiDocumentKind = (typeof aiDocumentKinds)[number];

/** "Therapist profile" (Target Therapist section). */
export const therapistProfileSchema = z.object({
  profile_info: z.object({ client_name: text(120) }),
  provider_parameters: z.object({
    expertise_areas: list(),
    cultural_competencies: list(),
    therapeutic_approaches: list(),
    practice_focus: list(),
  }),
  logistical_factors: z.object({
    format: z.object({ requirements: list() }),
    location: z.object({ time_zone: text(80), preferences: list() }),
    language: list(10, 80),
    scheduling: z.object({ preferred_times: list(), flexibility: text(600) }),
  }),
  match_priorities: z.object({
    professional_background: z.object({ description: text(2000) }),
    communication_style: z.object({ preferences: list() }),
    treatment_modalities: z.object({ preferences: list() }),
    session_structure: z.object({ preferences: list() }),
  }),
  search_context: text(2000),
  disclaimer: text(2000),
});
export type TherapistProfile = z.infer<typeof therapistProfileSchema>;

/** "Email template" (Therapeutic Request Email Template section). */
export const emailTemplateSchema = z.object({
  email_template: z.object({ title: text(200), creation_date: text(40) }),
  subject_line: text(200),
  notes: optionalText(2000),
  disclaimer: optionalText(2000),
  email_content: z.object({
    greeting: text(200),
    opening_paragraph: text(3000),
    personal_context: text(3000),
    connection_request: text(3000),
    closing: text(1000),
    signature: z.object({ sign_off: text(80), name: text(120), contact_placeholder: text(200) }),
  }),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const interviewPriorities = ['high', 'medium', 'low'] as const;

/** "Interview guide" (Target Therapist - Interview Qs section). */
export const interviewGuideSchema = z.object({
  interview_guide: z.object({ title: text(200), introduction: text(3000) }),
  questions: z
    .array(
      z.object({
        number: z.number().int().min(1).max(50),
        main_question: text(600),
        optional_followup: optionalText(600),
        listen_for: text(1000),
        priority: z.enum(interviewPriorities),
      }),
    )
    .min(1)
    .max(20),
  conclusion: text(3000),
  disclaimer: text(2000),
});
export type InterviewGuide = z.infer<typeof interviewGuideSchema>;

/** A section of the self-reflection report: headings with items. */
export const reflectionSectionSchema = z.object({
  id: z.union([z.string().max(40), z.number().int()]),
  title: text(200),
  icon: text(40),
  primaryHeading: text(200),
  primaryItems: list(),
  secondaryHeading: optionalText(200),
  secondaryItems: list().optional(),
});
export type ReflectionSection = z.infer<typeof reflectionSectionSchema>;

/** A question of a reflection card: a string, or an object with its text and why it is asked. */
export const reflectionQuestionSchema = z.union([
  text(600),
  z.object({ question: text(600), context: optionalText(600) }),
]);
export type ReflectionQuestion = z.infer<typeof reflectionQuestionSchema>;

export const reflectionQuestionsSchema = z.object({
  title: text(200),
  icon: text(40),
  color: text(40),
  questions: z.array(reflectionQuestionSchema).max(12),
});

export const documentDisclaimerSchema = z.object({
  personal: text(2000),
  provider: text(2000),
  privacy: text(2000),
});

/** "Self-reflection summary" (Self-Reflection Summary: Initial Journey section). */
export const selfReflectionSummarySchema = z.object({
  documentInfo: z.object({ title: text(200), subtitle: text(300), dateRange: text(100) }),
  narrativeSummary: z.object({ content: text(6000) }),
  sections: z.array(reflectionSectionSchema).max(12),
  reflectionQuestions: reflectionQuestionsSchema,
  conclusion: z.object({ content: text(4000) }),
  disclaimer: documentDisclaimerSchema,
});
export type SelfReflectionSummary = z.infer<typeof selfReflectionSummarySchema>;

/**
 * An item of a weekly report section: what it says, the local days it is about (the date chips) and
 * the entries it came from (each item links to them; ids of the client's own entries only).
 */
export const weeklyItemSchema = z.object({
  content: text(1500),
  dates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(7),
  entryIds: z.array(z.string().max(64)).max(50).default([]),
});
export type WeeklyItem = z.infer<typeof weeklyItemSchema>;

export const weeklySectionSchema = z.object({
  title: text(200),
  icon: text(40),
  color: text(40),
  items: z.array(weeklyItemSchema).max(20),
});
export type WeeklySection = z.infer<typeof weeklySectionSchema>;

/** The weekly journal report (Part 2 §2 "Weekly journal report viewer"). */
export const weeklyReportSchema = z.object({
  title: text(200),
  subtitle: text(300),
  /** Local days, inclusive. */
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  summary: text(6000),
  sections: z.array(weeklySectionSchema).max(12),
  reflectionQuestions: z.array(reflectionQuestionSchema).max(12),
  disclaimer: text(2000),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;

export const aiDocumentSchemas = {
  therapistProfile: therapistProfileSchema,
  interviewGuide: interviewGuideSchema,
  emailTemplate: emailTemplateSchema,
  selfReflectionSummary: selfReflectionSummarySchema,
  weeklyReport: weeklyReportSchema,
} as const;

export interface AiDocuments {
  therapistProfile: TherapistProfile;
  interviewGuide: InterviewGuide;
  emailTemplate: EmailTemplate;
  selfReflectionSummary: SelfReflectionSummary;
  weeklyReport: WeeklyReport;
}

/**
 * The share targets of Part 2 §7 (`summaryTableName`): the four Initial Journey documents and the
 * chat history.
 */
export const summaryTableNames = {
  selfReflectionSummary: 'ij-selfreflectionsummaries',
  emailTemplate: 'ij-emailtemplates',
  therapistProfile: 'ij-therapistprofiles',
  chatHistory: 'AIP-PT-Chat',
  interviewGuide: 'therapistinterviewquestions',
} as const;
export type SharedSummaryKind = keyof typeof summaryTableNames;
export type SummaryTableName = (typeof summaryTableNames)[SharedSummaryKind];
export const summaryTableNameValues = Object.values(summaryTableNames) as SummaryTableName[];

/** The accordion's sections, in the order of Part 2 §2, with their empty texts. */
export const initialJourneySections = [
  { kind: 'chatHistory', title: 'Initial Journey Chat History', empty: 'No Chat History Found' },
  { kind: 'therapistProfile', title: 'Target Therapist', empty: 'No Target Therapist Found' },
  {
    kind: 'interviewGuide',
    title: 'Target Therapist - Interview Qs',
    empty: 'No Interview Questions Found',
  },
  {
    kind: 'emailTemplate',
    title: 'Therapeutic Request Email Template',
    empty: 'No Email Template Found',
  },
  {
    kind: 'selfReflectionSummary',
    title: 'Self-Reflection Summary: Initial Journey',
    empty: 'No Self-Reflection Summary Found',
  },
] as const satisfies readonly { kind: SharedSummaryKind; title: string; empty: string }[];
