import { Alert } from '@mantine/core';
import { text } from '../text.ts';

/** Above an organiser's preview of the home page (decision 017). */
export default function PreviewAlert() {
  return (
    <Alert color="orange" radius={0} title={text('previewTitle')}>
      {text('preview')}
    </Alert>
  );
}
