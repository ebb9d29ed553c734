/** The console's buttons and panels (the look of components/console: indigo, rounded, a visible focus ring). */
const BUTTON =
  'inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:opacity-60';
export const PRIMARY = `${BUTTON} bg-indigo-700 text-white hover:bg-indigo-800`;
export const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
export const DANGER = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
export const DANGER_OUTLINE = `${BUTTON} border border-slate-300 bg-white text-red-800 hover:bg-red-50`;
export const PANEL = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
export const SELECT =
  'mt-1 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 text-base focus-visible:outline-2 focus-visible:outline-indigo-700';
export const TEXTAREA =
  'mt-1 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';
export const LABEL = 'block text-sm font-medium text-slate-800';
