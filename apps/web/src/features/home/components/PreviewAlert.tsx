import { Alert } from '@mantine/core';

const previewStyles = {
  title: { color: 'var(--mantine-color-dark-9)' },
  message: { color: 'var(--mantine-color-dark-9)' },
};

/** Above an organiser's preview of the home page (decision 017). */
export default function PreviewAlert() {
  return (
    <Alert color="orange" radius={0} title="Preview" styles={previewStyles}>
      This is how the home page will look once the changes are published. Families see the published
      page.
    </Alert>
  );
}
