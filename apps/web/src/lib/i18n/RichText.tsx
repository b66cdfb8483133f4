import { TransNoContext } from '@lingui/react/server';
import type { ReactElement } from 'react';
import { i18n, type Catalogue, type MessageValues } from './catalogue.ts';

interface RichTextProps<Key extends string> {
  text: Catalogue<Key>;
  id: Key;
  values?: MessageValues;
  /** The elements the message's numbered tags stand for: `<0>FAQ (PDF)</0>` wraps its words in 0. */
  components: Record<number, ReactElement>;
}

/**
 * A message with elements inside it (a link in the middle of a sentence), kept as one message so
 * that a translation can move the link where its language puts it (decision 057).
 */
export function RichText<Key extends string>({ text, id, values, components }: RichTextProps<Key>) {
  return (
    <TransNoContext
      id={text.id(id)}
      {...(values ? { values } : {})}
      components={components}
      lingui={{ i18n }}
    />
  );
}
