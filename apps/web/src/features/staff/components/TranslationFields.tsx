import { languageName, TRANSLATED_LOCALES, type Translations } from '@eisteddfod/shared';
import { Textarea, TextInput } from '@mantine/core';

// Organisers' words in the other languages (decision 070), beside the English field they
// translate. The console itself stays English (decision 069).

/** `translations` with `field` in `locale` set to `words`. */
function withTranslation<F>(
  translations: Translations<F> | undefined,
  locale: string,
  field: keyof F & string,
  words: F[keyof F],
): Translations<F> {
  return { ...translations, [locale]: { ...translations?.[locale], [field]: words } };
}

/** A paragraph list typed as one text, as the English biography is. */
const PARAGRAPH_BREAK = '\n\n';

interface TranslationFieldsProps<F> {
  translations: Translations<F> | undefined;
  field: keyof F & string;
  /** The English field's label: "Title" becomes "Title in Afrikaans". */
  label: string;
  /** A textarea of so many rows; a single line when left out. */
  rows?: number;
  /** The field is a list of paragraphs (a biography). */
  paragraphs?: boolean;
  onChange: (translations: Translations<F>) => void;
}

/**
 * The field in every language but English, each optional: left empty, families reading that
 * language see the English. None at all while the product speaks English only.
 */
export function TranslationFields<F>(props: TranslationFieldsProps<F>) {
  const { translations, field, label, rows, paragraphs, onChange } = props;
  return TRANSLATED_LOCALES.map((locale) => {
    const stored = translations?.[locale]?.[field] as string | string[] | undefined;
    const value = Array.isArray(stored) ? stored.join(PARAGRAPH_BREAK) : (stored ?? '');
    const set = (text: string) =>
      onChange(
        withTranslation(
          translations,
          locale,
          field,
          (paragraphs ? text.split(PARAGRAPH_BREAK) : text) as F[keyof F & string],
        ),
      );
    const common = {
      label: `${label} in ${languageName(locale)}`,
      description: 'Optional: left empty, the English is shown.',
      lang: locale,
      value,
    };
    return rows ? (
      <Textarea key={locale} {...common} rows={rows} onChange={(e) => set(e.currentTarget.value)} />
    ) : (
      <TextInput key={locale} {...common} onChange={(e) => set(e.currentTarget.value)} />
    );
  });
}
