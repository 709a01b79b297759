type AsyncFn = (...args: never[]) => Promise<unknown>;

/**
 * Keeps the answers of a service's read calls while the data version stays the same (the clock's minute and
 * the predictions' generation, as the page cache): a signed-in member's page, rendered for them alone, reuses the data every other reader of the
 * same match or day already fetched. Concurrent calls with the same arguments share one query; a failure is
 * not kept. Answers are shared, so callers must not change them (they build new objects).
 */
export function memoizePerMinute<S extends object, K extends keyof S>(
  version: { current(): string },
  service: S,
  names: readonly K[],
  max = 500,
): S {
  const memo = new Map<string, { minute: string; value: Promise<unknown> }>();
  const wrapped = { ...service };
  for (const name of names) {
    const original = service[name] as unknown as AsyncFn;
    (wrapped as Record<K, unknown>)[name] = ((...args: never[]) => {
      const minute = version.current();
      const key = `${String(name)}:${JSON.stringify(args)}`;
      const hit = memo.get(key);
      if (hit && hit.minute === minute) return hit.value;
      const value = original.apply(wrapped, args);
      memo.set(key, { minute, value });
      value.catch(() => memo.delete(key));
      if (memo.size > max) {
        for (const [k, v] of memo) {
          if (memo.size <= max * 0.8) break;
          if (v.minute !== minute || k !== key) memo.delete(k);
        }
      }
      return value;
    }) as unknown as S[K];
  }
  return wrapped;
}
