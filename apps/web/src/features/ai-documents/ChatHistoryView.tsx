import { aiDocumentMessages, type ChatHistoryLine } from '@mindledger/domain';
import { useCurrentUser } from '../auth';
import { ChatBubble, ConversationLog } from '../journal';
import { AiDisclaimer } from './AiDisclaimer';
import { DocRoot, EmptyDoc } from './DocParts';
import { useDocument } from './useDocument';

export interface ChatHistoryViewProps {
  /** The saved Initial Journey chat: its lines, or the JSON text they are kept as. */
  messages: ChatHistoryLine[] | string | null | undefined;
  /**
   * Whether a provider is reading (they see a default profile image for the client). By default,
   * whether the signed-in user is a provider.
   */
  asProvider?: boolean;
  /** The client's avatar for the client's own view; by default the signed-in user's. */
  avatarUrl?: string | null;
  /** How the client's lines are labelled for a provider ('Client' when not given). */
  clientName?: string;
}

/**
 * The Initial Journey chat (Part 2 §2): the client's messages on the right with their avatar, the
 * assistant's on the left, in the 60 vh scroller of the journal's chat.
 */
export function ChatHistoryView({ messages, asProvider, avatarUrl, clientName }: ChatHistoryViewProps) {
  const user = useCurrentUser();
  const lines = useDocument('chatHistory', messages);
  const provider = asProvider ?? user?.userRole === 'provider';
  if (!lines?.length) return <EmptyDoc text={aiDocumentMessages.noChatHistory} />;
  const avatar = provider ? null : avatarUrl === undefined ? user?.avatar.url : avatarUrl;
  const name = provider ? (clientName ?? 'Client') : undefined;
  return (
    <DocRoot label="Initial Journey Chat History">
      <ConversationLog>
        {lines.map((line, index) => (
          <ChatBubble key={index} line={line} avatarUrl={avatar} name={name} />
        ))}
      </ConversationLog>
      <AiDisclaimer />
    </DocRoot>
  );
}
