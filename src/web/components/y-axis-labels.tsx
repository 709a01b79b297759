/**
 * A chart's value labels beside its drawing, as HTML (they keep their size however the drawing stretches): each at
 * `top(value)` % of the column's height, which must be the drawing's height.
 */
export function YAxisLabels({
  ticks,
  top,
  format,
  className,
  testId,
}: {
  ticks: number[];
  top: (value: number) => number;
  format: (value: number) => string;
  className: string;
  testId?: string;
}) {
  return (
    <div className={`relative shrink-0 tabular-nums ${className}`} aria-hidden="true" data-testid={testId}>
      {ticks.map((v) => (
        <span key={v} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${top(v)}%` }}>
          {format(v)}
        </span>
      ))}
    </div>
  );
}
