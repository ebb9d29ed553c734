'use client';
import { useEffect } from 'react';
import { isEmbedded, postToParent } from './sdk-messages';

/**
 * The SDK's iframe starts at height 0 and grows only when told: post
 * HeightChanged whenever the document's height changes.
 */
export const useHeightReporter = (sid: string): void => {
  useEffect(() => {
    if (!isEmbedded()) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToParent(sid, 'HeightChanged', { height });
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, [sid]);
};
