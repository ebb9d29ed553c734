'use client';
import { useHeightReporter } from './checkout/use-height-reporter';

/** Keeps the SDK's iframe sized to pages other than the checkout (e.g. the embed result). */
export const EmbeddedHeight = ({ sid }: { sid: string }) => {
  useHeightReporter(sid);
  return null;
};
