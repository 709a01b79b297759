import { Link } from "react-router";

/**
 * Tabs as links (?tab=…), so every tab has its own URL and works without JavaScript; `keep` carries the
 * page's other query parameters along.
 */
export function TabLinks({
  tabs,
  current,
  label,
  param = "tab",
  keep = {},
}: {
  tabs: Array<{ id: string; label: string }>;
  current: string;
  label: string;
  param?: string;
  keep?: Record<string, string | number | null | undefined>;
}) {
  const href = (id: string) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(keep)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
    q.set(param, id);
    return `?${q.toString()}`;
  };
  return (
    <nav
      aria-label={label}
      className="relative -mx-4 mb-4 overflow-x-auto border-b border-slate-200 px-4 dark:border-slate-800"
    >
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={href(tab.id)}
              preventScrollReset
              aria-current={tab.id === current ? "page" : undefined}
              className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                tab.id === current
                  ? "border-pitch-600 text-pitch-700 dark:text-pitch-100"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
