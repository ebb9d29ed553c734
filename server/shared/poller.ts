export interface Poller {
  stop(): Promise<void>;
}

/** Runs `work` repeatedly: again at once while it reports progress, otherwise after `idleMs`. */
export const startPoller = (name: string, idleMs: number, work: () => Promise<number>, log: (msg: string) => void = console.error): Poller => {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (!stopped) {
      try {
        if ((await work()) > 0) continue;
      } catch (e) {
        log(`${name}: ${(e as Error).message}`); // the pollers' jobs throw Errors only
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, idleMs);
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
