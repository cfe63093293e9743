import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '../../ui/states';

/** The plan step of signup without its token (another tab, or more than an hour later). */
export function SignupStepExpired() {
  return (
    <Stack gap="md" align="flex-start">
      <ErrorState
        title="Sign-up step expired"
        message="Your sign-up step has expired. Please log in to choose your plan."
      />
      <Button component={Link} to="/auth/login/client">
        Go to login
      </Button>
    </Stack>
  );
}
