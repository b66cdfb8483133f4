import { Alert } from '@mantine/core';

/** Above an organiser's preview of the home page (decision 017). */
export default function PreviewAlert() {
  return (
    <Alert color="orange" radius={0} title="Preview">
      This is how the home page will look once the changes are published. Families see the published
      page.
    </Alert>
  );
}
