'use client';
import { useCallback, useId } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { LANGUAGE_NAMES, LANGUAGES, LOCALES, resolveLanguage } from '../i18n/languages';
import { postToParent } from './sdk-messages';

/**
 * Switches the page to another language, keeping what was typed: its messages load, the URL's
 * `language` follows (a reload keeps it) and the SDK is told.
 */
export const useSetLanguage = (sid: string) => {
  const { switchLanguage } = useI18n();
  return useCallback(
    (value: string) => {
      const language = resolveLanguage(value);
      const url = new URL(window.location.href);
      url.searchParams.set('language', language);
      window.history.replaceState(window.history.state, '', url);
      void switchLanguage?.(language).then(() => postToParent(sid, 'LanguageChanged', { language }));
    },
    [switchLanguage, sid],
  );
};

export const LanguageSwitcher = ({ sid }: { sid: string }) => {
  const { t, language } = useI18n();
  const setLanguage = useSetLanguage(sid);
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('checkout.language')}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="hidden h-4 w-4 text-slate-600 sm:block dark:text-slate-300"
        fill="currentColor"
      >
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm5.9 7h-2.5a12.6 12.6 0 0 0-1-4.6A6 6 0 0 1 15.9 9ZM10 4.1c.7.9 1.3 2.6 1.4 4.9H8.6c.1-2.3.7-4 1.4-4.9ZM7.6 4.4a12.6 12.6 0 0 0-1 4.6H4.1a6 6 0 0 1 3.5-4.6ZM4.1 11h2.5c.1 1.8.4 3.4 1 4.6A6 6 0 0 1 4.1 11Zm5.9 4.9c-.7-.9-1.3-2.6-1.4-4.9h2.8c-.1 2.3-.7 4-1.4 4.9Zm2.4-.3c.6-1.2.9-2.8 1-4.6h2.5a6 6 0 0 1-3.5 4.6Z" />
      </svg>
      <select
        id={id}
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
        className="max-w-[7.5rem] rounded-md border border-[#8792a4] bg-white py-1 pl-2 pr-7 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={LOCALES[l]}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
};
