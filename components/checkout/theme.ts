import type { CSSProperties } from 'react';
import type { ViewSession } from '../../domain/view-types';

type Theme = ViewSession['configuration']['theme'];

const DEFAULT_BRAND = '#4338ca'; // indigo-700: 7.5:1 with white

/** Relative luminance of #rgb / #rrggbb (WCAG 2). */
const luminance = (hex: string): number => {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The merchant's colours as CSS variables. A brand colour too light to carry white text (contrast
 * under 4.5:1) keeps the default, so buttons stay readable whatever the merchant configured.
 */
export const themeStyle = (theme: Theme | undefined, fullscreen: boolean): CSSProperties => {
  const brand = theme?.primary && contrast(theme.primary, '#ffffff') >= 4.5 ? theme.primary : DEFAULT_BRAND;
  const vars: Record<string, string> = { '--kassa-brand': brand };
  if (fullscreen && theme?.backdrop) vars['--kassa-backdrop'] = theme.backdrop;
  return vars as CSSProperties;
};

/** Dark mode: the fullscreen page follows the theme (default: the device); embedded pages stay light unless the theme says dark. */
export const colorScheme = (theme: Theme | undefined, fullscreen: boolean): 'light' | 'dark' | 'auto' => {
  const scheme = theme?.color_scheme ?? 'auto';
  if (fullscreen) return scheme;
  return scheme === 'dark' ? 'dark' : 'light';
};
