import { Badge } from '@mantine/core';

/** A document (or a version of it) the client can read under From My Providers. */
export function SharedBadge() {
  return (
    <Badge size="sm" variant="light" color="teal">
      Shared with client
    </Badge>
  );
}
