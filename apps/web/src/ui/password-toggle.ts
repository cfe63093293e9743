/**
 * Props of a PasswordInput's show/hide button. Its name avoids the field's label so that finding a
 * field by label (tests, assistive tech) matches the input only.
 */
export const passwordToggleProps = { 'aria-label': 'Toggle visibility' } as const;
