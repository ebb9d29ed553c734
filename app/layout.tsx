import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = { title: 'Kassa checkout' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/**
 * No page background here: full pages paint their own, and the checkout stays
 * transparent when a merchant's page embeds it in an iframe.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="text-slate-900 antialiased">{children}</body>
    </html>
  );
}
