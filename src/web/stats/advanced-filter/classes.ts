/** The classes the filter form and the side panels share, so the fields and buttons look alike. */
export const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";
export const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
export const secondary =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800";
