import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-filled)" />
      <path
        d="M16 44V20l16 14 16-14v24"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product logo; as a link it goes to the home of the signed-in role. */
export function Logo({ to }: { to?: string }) {
  const content = (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text fw={700} fz="lg" c="var(--mantine-color-text)">
        MindLedger
      </Text>
    </Group>
  );
  if (!to) return content;
  return (
    <Link to={to} aria-label="MindLedger home" className="logo-link">
      {content}
    </Link>
  );
}
