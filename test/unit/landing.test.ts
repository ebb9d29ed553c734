import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Landing } from '../../components/landing';

describe('the landing page', () => {
  it('links to the demo store only where it is served (ADR 029: off in a real deployment, /demo is 404 there)', () => {
    const on = renderToStaticMarkup(createElement(Landing, { demo: true }));
    expect(on).toContain('href="/demo"');
    expect(on).toContain('4111 1111 1111 1111');
    const off = renderToStaticMarkup(createElement(Landing, { demo: false }));
    expect(off).not.toContain('/demo');
    expect(off).not.toContain('4111');
    expect(off).toContain('href="/v1/openapi.json"');
  });
});
