/**
 * The viewers of the generated documents (Part 2 §2): the Initial Journey accordion, the weekly
 * report page and the provider's Summaries tab place them; Copy goes through `copyDocument`, which
 * copies the same blocks the PDF prints.
 */
export { AiDisclaimer } from './AiDisclaimer';
export { ChatHistoryView, type ChatHistoryViewProps } from './ChatHistoryView';
export { copyDocument, type CopyOutcome, type CopyStatus } from './copy';
export { EmailTemplateView, type EmailTemplateViewProps } from './EmailTemplateView';
export { InterviewGuideView, type InterviewGuideViewProps } from './InterviewGuideView';
export { parseDocument, type ParsedDocument } from './parse';
export { SelfReflectionView, type SelfReflectionViewProps } from './SelfReflectionView';
export { SummaryText, type SummaryTextProps } from './SummaryText';
export { TherapistProfileView, type TherapistProfileViewProps } from './TherapistProfileView';
export { WeeklyReportView, type WeeklyReportViewProps } from './WeeklyReportView';
