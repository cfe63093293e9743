import { Badge } from '@mantine/core';

export function PlanStatusBadge({ isSigned }: { isSigned: boolean }) {
  return (
    <Badge size="sm" variant="light" color={isSigned ? 'green' : 'gray'}>
      {isSigned ? 'Signed' : 'Draft'}
    </Badge>
  );
}
