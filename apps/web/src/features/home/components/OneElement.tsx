import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A catalogue message with one element in it (`<0>…</0>`), drawn without <RichText>: RichText
 * brings Lingui's React layer (1.2 KB gzipped), which took the home page over its first-load
 * budget (bench/web-bundle). The words stay one message, so a translation may still move the
 * element within its sentence; a message without the tag is drawn as it is.
 */
export function OneElement({
  message,
  element,
}: {
  message: string;
  element: ReactElement<{ children?: ReactNode }>;
}) {
  const parts = /^(.*?)<0>(.*?)<\/0>(.*)$/s.exec(message);
  if (!parts) return message;
  const [, before, inside, after] = parts;
  return (
    <>
      {before}
      {cloneElement(element, undefined, inside)}
      {after}
    </>
  );
}
