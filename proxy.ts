import { NextResponse, type NextRequest } from 'next/server';
import { resolveLanguage } from './components/i18n/languages';

/** The header the root layout reads to set `<html lang>` (a layout cannot read the query itself). */
export const LANGUAGE_HEADER = 'x-kassa-language';

/** The sandbox's 3-D Secure and wallet pages speak the language of the checkout they return to (`back`). */
const languageInBack = (back: string | null): string | null => {
  if (!back?.startsWith('/')) return null;
  try {
    return new URL(back, 'http://checkout.invalid').searchParams.get('language');
  } catch {
    return null;
  }
};

/** Carries the page's `language` query parameter to the root layout as a request header. */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(
    LANGUAGE_HEADER,
    resolveLanguage(
      request.nextUrl.searchParams.get('language') ?? languageInBack(request.nextUrl.searchParams.get('back')),
    ),
  );
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/((?!v1/|_next/|favicon|icon|sandbox-assets/).*)'] };
