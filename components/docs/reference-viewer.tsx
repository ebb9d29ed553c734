'use client';

import { useEffect, useRef, useState } from 'react';
import { Alert } from '../ui/alert';
import { REFERENCE_BUNDLE_URL } from './reference-assets';

type SwaggerWindow = Window & { SwaggerUIBundle?: (options: Record<string, unknown>) => unknown };

/** Loads Swagger UI's bundle from this origin once (a script from 'self', as the page's CSP allows). */
const loadBundle = (): Promise<void> =>
  new Promise((resolve, reject) => {
    if ((window as SwaggerWindow).SwaggerUIBundle) return resolve();
    const script = document.createElement('script');
    script.src = REFERENCE_BUNDLE_URL;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${REFERENCE_BUNDLE_URL}`));
    document.body.appendChild(script);
  });

/** Controls Swagger UI renders without an accessible name, and the name each gets. */
const UNNAMED: [selector: string, name: string][] = [
  ['select#servers', 'Server'],
  ['button.close-modal', 'Close'],
  ['textarea.body-param__text', 'Request body'],
  ['textarea', 'Value'],
  ['select', 'Value'],
];
const nameControls = (root: HTMLElement) => {
  // a parameter's control (a list parameter is a multiple select) is named by its parameter
  root
    .querySelectorAll('tr[data-param-name]')
    .forEach((row) =>
      row
        .querySelectorAll('select:not([aria-label]), input:not([aria-label]), textarea:not([aria-label])')
        .forEach((el) => el.setAttribute('aria-label', row.getAttribute('data-param-name') ?? 'Value')),
    );
  for (const [selector, name] of UNNAMED)
    root.querySelectorAll(`${selector}:not([aria-label])`).forEach((el) => el.setAttribute('aria-label', name));
};

/**
 * The API reference: Swagger UI, loaded from this origin, rendering the OpenAPI document this server
 * serves. Nothing leaves the origin: no validator badge, no fonts from elsewhere.
 */
export function ReferenceViewer({ specUrl }: { specUrl: string }) {
  const node = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const root = node.current;
    if (!root) return;
    let gone = false;
    const naming = new MutationObserver(() => nameControls(root));
    naming.observe(root, { childList: true, subtree: true });
    loadBundle()
      .then(() => {
        const render = (window as SwaggerWindow).SwaggerUIBundle;
        if (gone || !render) return;
        render({
          domNode: root,
          url: specUrl,
          validatorUrl: null,
          deepLinking: false,
          docExpansion: 'list',
          defaultModelsExpandDepth: 0,
          // its themes colour numbers and keys below AA contrast on their dark background
          syntaxHighlight: false,
          onFailure: () => setFailed(true),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      naming.disconnect();
    };
  }, [specUrl]);
  return (
    <>
      {failed && (
        <Alert tone="error" className="mt-4">
          The reference could not be shown. The OpenAPI document itself is at <a href={specUrl}>{specUrl}</a>.
        </Alert>
      )}
      <div ref={node} className="kassa-reference" data-testid="api-reference" />
    </>
  );
}
