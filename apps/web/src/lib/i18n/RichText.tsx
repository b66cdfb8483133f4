import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { Catalogue, MessageValues } from './catalogue.ts';

interface RichTextProps<Key extends string> {
  text: Catalogue<Key>;
  id: Key;
  values?: MessageValues;
  /** The elements the message's numbered tags stand for: `<0>FAQ (PDF)</0>` wraps its words in 0. */
  components: Record<number, ReactElement<{ children?: ReactNode }>>;
}

/**
 * A message with elements inside it (a link in the middle of a sentence), kept as one message so
 * that a translation can move the link where its language puts it (decision 057). Drawn here
 * rather than by Lingui's React layer, which cost the home page 1.2 KB gzipped of first load.
 */
export function RichText<Key extends string>({ text, id, values, components }: RichTextProps<Key>) {
  return <>{withElements(text(id, values), components)}</>;
}

/** A paired tag, whose words may hold other tags, or a self-closing one (`<1/>`). */
const TAG = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/s;

function withElements(message: string, components: RichTextProps<string>['components']) {
  const nodes: ReactNode[] = [];
  let rest = message;
  for (let tag = TAG.exec(rest); tag; tag = TAG.exec(rest)) {
    const [whole, paired, inside, selfClosing] = tag;
    if (tag.index > 0) nodes.push(rest.slice(0, tag.index));
    const element = components[Number(paired ?? selfClosing)];
    const key = nodes.length;
    if (!element) nodes.push(inside ?? '');
    else if (inside === undefined) nodes.push(cloneElement(element, { key }));
    else nodes.push(cloneElement(element, { key }, withElements(inside, components)));
    rest = rest.slice(tag.index + whole.length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}
