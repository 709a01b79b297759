import type { Timeline } from "./timeline.ts";

/** Compact bytes of a timeline: 4-byte header (known, estimated masks), then 3 bytes per event. */
export function encodeTimeline(timeline: Timeline): Uint8Array {
  const n = timeline.seconds.length;
  const out = new Uint8Array(4 + 3 * n);
  out[0] = timeline.known & 0xff;
  out[1] = timeline.known >> 8;
  out[2] = timeline.estimated & 0xff;
  out[3] = timeline.estimated >> 8;
  for (let i = 0; i < n; i++) {
    const s = timeline.seconds[i]!;
    out[4 + 3 * i] = s >> 8;
    out[5 + 3 * i] = s & 0xff;
    out[6 + 3 * i] = timeline.codes[i]!;
  }
  return out;
}

export function decodeTimeline(fixtureId: number, bytes: Uint8Array): Timeline {
  if (bytes.length < 4 || (bytes.length - 4) % 3 !== 0)
    throw new Error(`timeline of fixture ${fixtureId}: bad length ${bytes.length}`);
  const n = (bytes.length - 4) / 3;
  const seconds = new Uint16Array(n);
  const codes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    seconds[i] = (bytes[4 + 3 * i]! << 8) | bytes[5 + 3 * i]!;
    codes[i] = bytes[6 + 3 * i]!;
  }
  return { fixtureId, known: bytes[0]! | (bytes[1]! << 8), estimated: bytes[2]! | (bytes[3]! << 8), seconds, codes };
}
