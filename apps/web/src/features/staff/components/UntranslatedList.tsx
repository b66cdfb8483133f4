import {
  countOfTexts,
  languageName,
  TRANSLATED_LOCALES,
  type UntranslatedText,
} from '@eisteddfod/shared';
import { Alert, List, Text } from '@mantine/core';

/** The English name of each field an organiser translates, as the editors label them. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  intro: 'introduction',
  question: 'question',
  answer: 'answer',
  discipline: 'discipline',
  summary: 'summary',
  bio: 'biography',
  name: 'name',
  shortDescription: 'short description',
  description: 'description',
};

/**
 * What is not yet written in each other language, listed before publishing (decision 070): a
 * list, never a block, since families reading that language see the English meanwhile.
 */
export function UntranslatedList({
  untranslated,
}: {
  untranslated: (locale: string) => UntranslatedText[];
}) {
  return TRANSLATED_LOCALES.map((locale) => {
    const list = untranslated(locale);
    const language = languageName(locale);
    if (list.length === 0)
      return (
        <Text key={locale} size="sm">
          Everything is translated into {language}.
        </Text>
      );
    const count = countOfTexts(list);
    return (
      // Worth a look, not an alarm: a status, so a screen reader does not interrupt with it.
      <Alert
        key={locale}
        role="status"
        color="yellow"
        title={`${count} ${count === 1 ? 'text' : 'texts'} not translated into ${language}`}
      >
        <Text size="sm" mb="xs">
          Families reading {language} see the English of these until they are translated. You can
          still publish.
        </Text>
        <List size="sm" spacing={2}>
          {list.map((text) => (
            <List.Item key={text.where}>
              {text.where} — {text.fields.map((f) => FIELD_NAMES[f] ?? f).join(', ')}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  });
}
