import { LANGUAGES, LOCALES, type Locale } from '@eisteddfod/shared';
import { UnstyledButton } from '@mantine/core';
import { readerLocale } from '../lib/i18n/catalogue.ts';
import { switchLanguage } from '../lib/i18n/language.ts';
import { storedCustomerId } from '../lib/storage.ts';
import classes from './SiteHeader.module.css';

/**
 * The switch on every page (decision 069): a button for each other language, named as its own
 * readers name it and marked as that language for screen readers. Signed in, the account takes
 * the language too, so what the server sends follows it; that call's code (zod and the API's
 * schemas) loads only then, not with every first visit.
 */
export function LanguageSwitch() {
  async function choose(locale: Locale) {
    await switchLanguage(locale);
    const customerId = storedCustomerId();
    if (customerId === 0) return;
    const { saveAccountLanguage } = await import('./account-language.ts');
    await saveAccountLanguage(customerId, locale);
  }
  return LOCALES.filter((locale) => locale !== readerLocale()).map((locale) => (
    <UnstyledButton
      key={locale}
      lang={locale}
      className={`${classes.link} ${classes.language}`}
      onClick={() => void choose(locale)}
    >
      {LANGUAGES[locale].name}
    </UnstyledButton>
  ));
}
