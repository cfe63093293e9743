import type { ChatHistoryLine, RenderableKind } from '@mindledger/domain';
import {
  ChatHistoryView,
  EmailTemplateView,
  InterviewGuideView,
  SelfReflectionView,
  TherapistProfileView,
  WeeklyReportView,
} from '../ai-documents';

interface DocumentViewProps {
  kind: RenderableKind;
  /** The stored content (or, for the chat history, its messages). */
  content: unknown;
  viewer: 'patient' | 'provider';
}

/** The viewer of a document kind (Part 2 §2), read-only; the headings sit under the section's. */
export function DocumentView({ kind, content, viewer }: DocumentViewProps) {
  switch (kind) {
    case 'chatHistory':
      return <ChatHistoryView messages={content as ChatHistoryLine[]} asProvider={viewer === 'provider'} />;
    case 'therapistProfile':
      return <TherapistProfileView profile={content as never} headingLevel={3} />;
    case 'interviewGuide':
      return <InterviewGuideView guide={content as never} headingLevel={3} />;
    case 'emailTemplate':
      return <EmailTemplateView template={content as never} headingLevel={3} />;
    case 'selfReflectionSummary':
      return <SelfReflectionView summary={content as never} headingLevel={3} />;
    case 'weeklyReport':
      return <WeeklyReportView report={content as never} headingLevel={3} />;
  }
}
