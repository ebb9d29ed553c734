'use client';
import type { CSSProperties, ReactNode } from 'react';
import type { ClosedSessionPage, ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { LanguageSwitcher } from './language-switcher';
import { MerchantBrand } from './merchant-brand';
import { ModalDialog } from './modal-dialog';
import type { CheckoutOptions } from './options';
import { colorScheme, themeStyle } from './theme';

interface Props {
  sid: string;
  options: CheckoutOptions;
  /** Absent when the session cannot be shown (then there is no merchant to brand the page with). */
  session?: ViewSession;
  /** A session that can no longer be paid: whose it is (its page still shows the merchant's name, logo and colours). */
  closed?: Pick<ClosedSessionPage, 'merchant' | 'theme'> | undefined;
  children: ReactNode;
}

/**
 * The page around the checkout, per `ui`: `fullscreen` is a whole page with the merchant's name,
 * logo and colours; `inline` has no chrome and a transparent background (the SDK sizes the
 * iframe); `modal` is a dialog with a close control.
 */
export const CheckoutFrame = ({ sid, options, session, closed, children }: Props) => {
  const { t } = useI18n();
  const theme = session?.configuration.theme ?? closed?.theme;
  const merchant = session?.configuration.merchant ?? closed?.merchant;
  const style: CSSProperties = themeStyle(theme, options.ui === 'fullscreen');
  const dark = colorScheme(theme, options.ui === 'fullscreen');
  const switcher = options.hideLanguage ? null : <LanguageSwitcher sid={sid} />;
  if (options.ui === 'modal') {
    return (
      <div style={style} data-color-scheme={dark} className="kassa-theme p-2 sm:p-4">
        <ModalDialog
          sid={sid}
          session={session}
          title={
            session
              ? t('checkout.pay_to', { merchant: session.configuration.merchant.name })
              : (closed?.merchant.name ?? t('checkout.title'))
          }
          toolbar={switcher}
        >
          {children}
        </ModalDialog>
      </div>
    );
  }
  if (options.ui === 'inline') {
    return (
      <main style={style} data-color-scheme={dark} className="kassa-theme px-1 py-2 sm:px-2">
        {switcher ? <div className="mb-2 flex justify-end">{switcher}</div> : null}
        {children}
      </main>
    );
  }
  return (
    <div
      style={style}
      data-color-scheme={dark}
      className="kassa-theme flex min-h-screen flex-col bg-[var(--kassa-backdrop)] text-slate-900 dark:text-slate-100"
    >
      <header className="border-b border-slate-200 bg-white/90 dark:border-slate-700 dark:bg-slate-900/90">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          {merchant ? (
            <MerchantBrand merchant={merchant} testMode={session?.configuration.test_mode ?? false} />
          ) : (
            <p className="font-semibold">{t('checkout.title')}</p>
          )}
          <div className="ml-auto">{switcher}</div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:py-8">{children}</main>
      <footer className="pb-6 text-center text-xs text-slate-600 dark:text-slate-400">
        {t('checkout.secured_by')}
      </footer>
    </div>
  );
};
