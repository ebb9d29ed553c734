/**
 * A nudge from a use case to a background worker of this process: "there is work now". The callback
 * worker listens, so a callback committed a moment ago goes out at once instead of at the next poll
 * (other processes still find it at their next poll). Notifying with no listener does nothing.
 */
export interface WakeSignal {
  notify(): void;
  listen(fn: () => void): void;
}

export const createWakeSignal = (): WakeSignal => {
  let listener: (() => void) | undefined;
  return {
    notify: () => listener?.(),
    listen: (fn) => {
      listener = fn;
    },
  };
};
