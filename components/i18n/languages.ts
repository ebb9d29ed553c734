/** The languages the checkout speaks; `en` is the fallback for anything else. */
export const LANGUAGES = ['en', 'nb', 'sv', 'da', 'fi', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale `Intl` formats money and dates with, per language. */
export const LOCALES: Record<Language, string> = {
  en: 'en-GB',
  nb: 'nb-NO',
  sv: 'sv-SE',
  da: 'da-DK',
  fi: 'fi-FI',
  de: 'de-DE',
};

/** Each language's name in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  nb: 'Norsk',
  sv: 'Svenska',
  da: 'Dansk',
  fi: 'Suomi',
  de: 'Deutsch',
};

/** Other spellings merchants and the SDK send (`no`, `nb-NO`, `sv_SE`, `en-GB`, ...). A Map: `constructor` or `__proto__` is no alias. */
const ALIASES: ReadonlyMap<string, Language> = new Map([
  ['no', 'nb'],
  ['nn', 'nb'],
  ['se', 'sv'],
  ['dk', 'da'],
]);

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The checkout language for a `language` parameter; anything unknown or missing is English. */
export const resolveLanguage = (value: string | undefined | null): Language => {
  const base = (value ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (isLanguage(base)) return base;
  return ALIASES.get(base) ?? 'en';
};
