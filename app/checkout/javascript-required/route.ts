import { resolveLanguage } from '../../../components/i18n/languages';
import { MESSAGES } from '../../../components/i18n/messages';

export const dynamic = 'force-dynamic';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where a checkout form goes when it is sent before the page's script runs: nothing is read or kept. */
export async function POST(request: Request): Promise<Response> {
  const back = request.headers.get('referer');
  const language = resolveLanguage(
    back ? new URL(back).searchParams.get('language') : request.headers.get('accept-language'),
  );
  const m = MESSAGES[language].checkout;
  const link =
    back && new URL(back).host === request.headers.get('host')
      ? `<p><a href="${escape(back)}">${escape(m.back_to_payment)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(m.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a"><h1 style="font-size:1.25rem">${escape(m.javascript_required)}</h1>${link}</body></html>`;
  return new Response(html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
