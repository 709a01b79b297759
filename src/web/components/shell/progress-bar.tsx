import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

const THROTTLE_MS = 200;
const TICK_MS = 100;
const DURATION_MS = 5000;
const HIDE_AFTER_MS = 500;

/** Page-load progress (SPEC §9): shown after 200 ms, creeps toward the end over 5 s, hides 500 ms after. */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [progress, setProgress] = useState<number | null>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (!busy) {
      if (!shown.current) return;
      shown.current = false;
      setProgress(100);
      const hide = setTimeout(() => setProgress(null), HIDE_AFTER_MS);
      return () => clearTimeout(hide);
    }
    let tick: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      const began = Date.now();
      shown.current = true;
      setProgress(0);
      tick = setInterval(() => setProgress(Math.min(95, ((Date.now() - began) / DURATION_MS) * 100)), TICK_MS);
    }, THROTTLE_MS);
    return () => {
      clearTimeout(start);
      if (tick) clearInterval(tick);
    };
  }, [busy]);
  if (progress === null) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5"
      role="progressbar"
      aria-valuenow={Math.round(progress)}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full bg-amber-400 transition-[width] duration-100" style={{ width: `${progress}%` }} />
    </div>
  );
}
