import { useId, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ChatMessage } from '@mindledger/domain';
import { ChatBubble, ConversationLog } from '../../journal';

interface EntryConversationProps {
  messages: ChatMessage[];
  /** How the client's own lines are labelled (their first name; 'Client' when unknown). */
  clientName: string;
}

/**
 * The conversation of a chat or voice entry, collapsed until asked for. Built from `ChatBubble`
 * rather than `ChatHistory` because that one labels the user's lines 'You' — wrong for a reader
 * who is not the author. No avatar is passed, so the default profile image shows (Part 1 §2).
 */
export function EntryConversation({ messages, clientName }: EntryConversationProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const Icon = open ? IconChevronUp : IconChevronDown;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={regionId}
        leftSection={<Icon size={16} aria-hidden="true" />}
      >
        {open ? 'Hide conversation' : 'Show conversation'}
        {messages.length > 0 && ` (${messages.length})`}
      </Button>
      <div id={regionId} style={{ marginTop: open ? 'var(--mantine-spacing-xs)' : undefined }}>
        {open &&
          (messages.length === 0 ? (
            <Text c="dimmed" fz="sm">
              No chat history available.
            </Text>
          ) : (
            <ConversationLog>
              {messages.map((line, index) => (
                <ChatBubble
                  key={index}
                  line={{ role: line.role, text: line.text }}
                  name={line.role === 'user' ? clientName : undefined}
                />
              ))}
            </ConversationLog>
          ))}
      </div>
    </div>
  );
}
