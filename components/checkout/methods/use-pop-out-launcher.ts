'use client';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { postToParent, sdkRole } from '../sdk-messages';
import { POP_OUT_EVENT } from '../use-sdk-bridge';

const noSubscription = () => () => undefined;
const isLauncher = () => sdkRole() === 'pop_out_launcher' && window.parent !== window;

export type PopOutState = 'closed' | 'open' | 'failed';

/**
 * With the SDK's `popOut` option (`role=pop_out_launcher`) a wallet cannot redirect inside the
 * merchant's iframe: the SDK draws its own button exactly over ours (`ShowPopOutButton` with our
 * button's position and look) and opens this checkout in a window of its own. Unmounting hides it.
 */
export const usePopOutLauncher = (sid: string, label: string) => {
  const { t, language } = useI18n();
  const anchor = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<PopOutState>('closed');
  const launcher = useSyncExternalStore(noSubscription, isLauncher, () => false);

  useEffect(() => {
    const button = anchor.current;
    if (!launcher || !button) return;
    const show = () => {
      const rect = button.getBoundingClientRect();
      const style = getComputedStyle(button);
      postToParent(sid, 'ShowPopOutButton', {
        openLabel: label,
        focusLabel: t('wallet.popout_focus'),
        closeLabel: t('wallet.popout_close'),
        descriptionLabel: t('wallet.popout_description'),
        disabled: 'false',
        language,
        top: Math.round(rect.top + window.scrollY),
        left: Math.round(rect.left),
        right: Math.round(document.documentElement.clientWidth - rect.right),
        styles: {
          height: `${Math.round(rect.height)}px`,
          backgroundColor: style.backgroundColor,
          color: style.color,
          borderRadius: style.borderRadius,
          border: 'none',
          fontFamily: style.fontFamily,
          fontSize: style.fontSize,
          fontWeight: style.fontWeight,
          cursor: 'pointer',
        },
        stylesFocusVisible: { outline: '2px solid #3730a3', outlineOffset: '2px' },
      });
    };
    const observer = new ResizeObserver(show);
    observer.observe(document.body);
    show();
    const onPopOut = (e: Event) => {
      const type = (e as CustomEvent<string>).detail;
      setState(type === 'OpenedPopOut' ? 'open' : type === 'OpenPopOutFailed' ? 'failed' : 'closed');
    };
    window.addEventListener(POP_OUT_EVENT, onPopOut);
    return () => {
      observer.disconnect();
      window.removeEventListener(POP_OUT_EVENT, onPopOut);
      postToParent(sid, 'HidePopOutButton');
    };
  }, [launcher, sid, label, language, t]);

  return { launcher, anchor, state };
};
