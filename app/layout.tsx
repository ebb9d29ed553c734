import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { resolveLanguage } from '../components/i18n/languages';
import './globals.css';

export const metadata: Metadata = { title: 'Kassa checkout' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1, colorScheme: 'light dark' };

/**
 * No page background here: full pages paint their own, and the checkout stays transparent when
 * a merchant's page embeds it in an iframe. `lang` follows the page's `language` parameter
 * (proxy.ts passes it on as a header).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const lang = resolveLanguage((await headers()).get('x-kassa-language'));
  return (
    <html lang={lang}>
      <body className="text-slate-900 antialiased">{children}</body>
    </html>
  );
}
