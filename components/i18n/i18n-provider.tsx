'use client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { LOCALES, type Language } from './languages';
import type { Messages } from './messages/en';
import { formatAmount, formatDate } from './format';
import { createTranslate, createTranslatePlural, type Translate, type TranslatePlural } from './translate';

export interface I18n {
  language: Language;
  /** Switches the page to another language (its messages load first); absent where the language is fixed. */
  switchLanguage?: (language: Language) => Promise<void>;
  locale: string;
  t: Translate;
  /** `t` for a message with a one/other pair, by count. */
  plural: TranslatePlural;
  money: (minor: number, currency: string) => string;
  date: (iso: string, withTime?: boolean) => string;
}

export const makeI18n = (language: Language, messages: Messages): I18n => {
  const locale = LOCALES[language];
  const t = createTranslate(messages);
  return {
    language,
    locale,
    t,
    plural: createTranslatePlural(t, locale),
    money: (minor, currency) => formatAmount(minor, currency, locale),
    date: (iso, withTime) => formatDate(iso, locale, withTime),
  };
};

const I18nContext = createContext<I18n | null>(null);

interface ProviderProps {
  language: Language;
  messages: Messages;
  switchLanguage?: (language: Language) => Promise<void>;
  children: ReactNode;
}

/** Gives client components the language the page shows (its messages come as a prop). */
export const I18nProvider = ({ language, messages, switchLanguage, children }: ProviderProps) => {
  const value = useMemo(
    () => ({ ...makeI18n(language, messages), ...(switchLanguage ? { switchLanguage } : {}) }),
    [language, messages, switchLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
};

export const useI18n = (): I18n => {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
};
