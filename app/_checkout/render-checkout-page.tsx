import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { preloadFirstRender } from '../../components/checkout/checkout';
import { preloadDeferredParts } from '../../components/checkout/deferred-part';
import { currencyDisplayFor } from '../../components/i18n/format';
import { LOCALES } from '../../components/i18n/languages';
import { CheckoutApp, checkoutTitle, type CheckoutAppProps } from '../../components/checkout/checkout-app';
import { ISLAND_ID, PROPS_ID, scriptJson } from '../../components/checkout/island';
import { preHydrationGuard } from '../../components/checkout/pre-hydration';
import { firstParam, parseCheckoutOptions } from '../../components/checkout/options';
import { MESSAGES } from '../../components/i18n/messages';
import { embedderOrigin, type EmbedInfo } from '../../domain/embed-origins';
import { loadEmbedPolicy, type EmbedPolicy } from '../../server/pages/load-embed-policy';
import { loadCheckoutPage } from '../../server/pages/load-checkout-page';
import { CHOICE_COOKIE, readPaymentChoice } from '../../server/pages/payment-choice';

/** The browser assets of the checkout island (scripts/build-lib.mjs writes them with a manifest). */
export interface CheckoutAssets {
  /** URL of the entry module. */
  entry: string;
  /** URLs of the chunks the entry imports at once (preloaded beside it). */
  preload: string[];
  /** The page's stylesheet, inlined (one request less before the first paint). */
  css: string;
}

export interface CheckoutRequest {
  url: URL;
  /** The request's `Cookie` header. */
  cookie: string | undefined;
  viewerCountry: string | undefined;
  /** Kassa's public origin (ADR 007). */
  self: string;
  /** The request's `Referer`: the embedding page, when the SDK's iframe loads the checkout. */
  referer: string | undefined;
}

export interface RenderedCheckoutPage {
  status: number;
  html: string;
  /** `sha256-…` of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  /** Who may frame it (ADR 021). */
  policy: EmbedPolicy;
}

const sha256 = (script: string) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

/** Renders the island to HTML, waiting for everything (lazy parts included) before writing. */
const renderIsland = (props: CheckoutAppProps): Promise<string> =>
  new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(<CheckoutApp {...props} />, {
      onAllReady: () => stream.pipe(sink),
      // every boundary inline and complete: React would otherwise write a large one after the rest, put in place by an
      // inline script (which the page's CSP does not allow, and which the deferred parts of ADR 038 cannot wait for)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: (e) => reject(e instanceof Error ? e : new Error(String(e))),
    });
  });

/**
 * The page is complete as sent; its script only makes it interactive (ADR 038). It is requested once the first paint
 * is on the screen (the paint timing entry arrives when the frame is presented), so a busy or slow device shows the
 * page before it spends anything on the script. At once instead at the shopper's first interaction, and after the
 * next frame in a frame (the SDK's iframe stays 0 px tall until the page runs and reports its height, so it never
 * paints before) or in a browser without paint timing; at the latest after 5 s (a page that never paints).
 */
const loader = ({ entry, preload }: CheckoutAssets) =>
  [
    'let done=false;',
    `const go=()=>{if(done)return;done=true;for(const h of ${scriptJson(preload)}){const l=document.createElement("link");`,
    `l.rel="modulepreload";l.href=h;document.head.append(l)}import(${scriptJson(entry)})};`,
    'if(window.parent!==window||!window.PerformanceObserver?.supportedEntryTypes?.includes("paint"))',
    'requestAnimationFrame(()=>setTimeout(go));',
    'else{new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go)})',
    '.observe({type:"paint",buffered:true});',
    'for(const t of["pointerdown","keydown","touchstart","message"])',
    'addEventListener(t,go,{capture:true,once:true,passive:true});setTimeout(go,5000)}',
  ].join('');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The hosted checkout `/?sid=` (ADR 018): the session is read and rendered on the server, so the
 * first paint shows the order and the payment form; one small module then hydrates it. Served by
 * Kassa's own server beside /v1, not by Next, whose client runtime alone outweighs the page.
 */
export const renderCheckoutPage = async (
  { url, cookie, viewerCountry, self, referer }: CheckoutRequest,
  assets: CheckoutAssets,
): Promise<RenderedCheckoutPage> => {
  // own properties only: a parameter named `constructor` or `__proto__` is just a parameter
  const query = Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key)]),
  );
  const sid = firstParam(query, 'sid') ?? '';
  const country = viewerCountry && /^[A-Za-z]{2}$/.test(viewerCountry) ? viewerCountry.toUpperCase() : undefined;
  const options = { ...parseCheckoutOptions(query), ...(country ? { viewerCountry: country } : {}) };
  const [initial, savedChoice, policy] = await Promise.all([
    loadCheckoutPage(sid, options.viewerCountry),
    readPaymentChoice(cookieValue(cookie, CHOICE_COOKIE), sid),
    loadEmbedPolicy(self, { sid }),
  ]);
  const messages = MESSAGES[options.language];
  // Where the page may post its SDK messages: the server checks the embedder against the session's origins (ADR 021).
  const origin = embedderOrigin(policy.allowed, self, { referer, sdkHostname: firstParam(query, 'sdk_hostname') });
  const embed: EmbedInfo = { allowed: policy.allowed, ...(origin ? { origin } : {}) };
  const currency = initial.kind === 'open' ? initial.session.order.currency : undefined;
  const currencyDisplays = currency ? currencyDisplayFor(LOCALES[options.language], currency) : {};
  const props: CheckoutAppProps = { sid, options, initial, savedChoice, messages, embed, currencyDisplays };
  // the same lazily loaded parts the browser loads before hydrating, so both render the same tree
  await Promise.all([preloadFirstRender(initial), preloadDeferredParts()]);
  const island = await renderIsland(props);
  // A session that does not exist is a page that does not exist; a paid or closed one is still its page.
  const status = initial.kind === 'unavailable' && initial.body.code === 'SESSION_NOT_FOUND' ? 404 : 200;
  // Fixed for a build: the CSP names them by hash instead of allowing inline scripts.
  const guard = `(${preHydrationGuard.toString()})(${scriptJson(ISLAND_ID)})`;
  const load = loader(assets);
  const html = [
    `<!DOCTYPE html><html lang="${options.language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(checkoutTitle(messages))}</title><link rel="icon" href="/icon.svg" type="image/svg+xml">`,
    `<style>${assets.css}</style>`,
    `<script>${guard}</script>`,
    `<script type="module">${load}</script>`,
    '</head><body class="text-slate-900 antialiased">',
    `<div id="${ISLAND_ID}">${island}</div>`,
    `<script id="${PROPS_ID}" type="application/json">${scriptJson(props)}</script>`,
    '</body></html>',
  ].join('');
  return { status, html, scriptHashes: [sha256(guard), sha256(load)], policy };
};
