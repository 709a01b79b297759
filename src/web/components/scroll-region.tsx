import type { ReactNode } from "react";

/**
 * The frame of a table that can be wider than a phone: it scrolls sideways, and it takes keyboard focus so that
 * it can be scrolled without a mouse (WCAG 2.1.1); `label` names it for screen readers.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-pitch-600 ${className}`}
    >
      {children}
    </section>
  );
}
