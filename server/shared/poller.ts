export interface Poller {
  stop(): Promise<void>;
}

/**
 * Runs `work` repeatedly: again at once while it reports progress, otherwise after `idleMs`.
 * A failed step goes to `onError` (with its stack) and the loop goes on. `stop()` resolves once
 * the step in progress has finished; no new step starts after it is called.
 */
export const startPoller = (idleMs: number, work: () => Promise<number>, onError: (err: unknown) => void): Poller => {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (!stopped) {
      try {
        if ((await work()) > 0) continue;
      } catch (e) {
        onError(e);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idleMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
};
