'use client';
import { useEffect } from 'react';
import type { EmbedInfo } from '../domain/embed-origins';
import { configureEmbed } from './checkout/sdk-messages';
import { useHeightReporter } from './checkout/use-height-reporter';

/** Keeps the SDK's iframe sized to pages other than the checkout (e.g. the embed result); posts only to the embedder (ADR 021). */
export const EmbeddedHeight = ({ sid, embed }: { sid: string; embed: EmbedInfo }) => {
  // declared before the reporter: effects run in order, so the target is known before the first post
  useEffect(() => configureEmbed(embed), [embed]);
  useHeightReporter(sid);
  return null;
};
