import fs from 'node:fs';

/** A field of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the kernel's resident high-water mark). */
export const procStatusMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

export interface MemoryReport {
  idleMb: number;
  peakSampledMb: number;
  hwmMb: number;
  /** max(VmHWM, sampled VmRSS): what the target is checked against. */
  peakMb: number;
}

/** Samples VmRSS every `everyMs` until stop(), which also reads VmHWM. */
export const watchRss = (pid: number, everyMs = 200) => {
  const idleMb = procStatusMb(pid, 'VmRSS');
  let peak = idleMb;
  const timer = setInterval(() => (peak = Math.max(peak, procStatusMb(pid, 'VmRSS'))), everyMs);
  return {
    stop(): MemoryReport {
      clearInterval(timer);
      peak = Math.max(peak, procStatusMb(pid, 'VmRSS'));
      const hwmMb = procStatusMb(pid, 'VmHWM');
      return { idleMb, peakSampledMb: peak, hwmMb, peakMb: Math.max(peak, hwmMb) };
    },
  };
};
