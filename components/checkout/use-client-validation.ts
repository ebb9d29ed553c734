'use client';
import { useCallback, useRef } from 'react';
import { postToParent, type ValidationResult } from './sdk-messages';
import type { ViewSession } from '../../domain/view-types';

const TIMEOUT_MS = 60_000;

/**
 * With `client_side_validation=true` the merchant checks the order before the
 * customer pays: post ValidateSession and wait for the SDK's ValidationResult.
 */
export const useClientValidation = (sid: string) => {
  const pending = useRef<((r: ValidationResult) => void) | undefined>(undefined);

  const resolve = useCallback((result: ValidationResult) => {
    pending.current?.(result);
    pending.current = undefined;
  }, []);

  const validate = useCallback(
    (session: ViewSession) =>
      new Promise<ValidationResult>((done) => {
        const timer = window.setTimeout(() => resolve({ success: false }), TIMEOUT_MS);
        pending.current = (r) => {
          window.clearTimeout(timer);
          done(r);
        };
        postToParent(sid, 'ValidateSession', { session });
      }),
    [sid, resolve],
  );

  return { validate, resolve };
};
