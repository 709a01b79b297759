import { describe, expect, it } from "vitest";
import { TELEGRAM_LIMITS, createSendRate, nextToSend } from "../../src/domain/notifications/send-rate.ts";

/** Sends to `chats` in turn, each as soon as the rate lets it, on a driven clock; answers the send times. */
function drive(chats: number[], messages: number, limits = TELEGRAM_LIMITS) {
  const rate = createSendRate(limits);
  let now = 0;
  const sends: Array<{ chatId: number; at: number }> = [];
  for (let i = 0; i < messages; i++) {
    const chatId = chats[i % chats.length]!;
    now += rate.waitMs(chatId, now);
    rate.sent(chatId, now);
    sends.push({ chatId, at: now });
  }
  return sends;
}

/** The most sends in any window of `spanMs` (each window starting at a send is the worst case). */
const mostInWindow = (times: number[], spanMs: number) =>
  Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + spanMs).length));

describe("Telegram's sending rate", () => {
  it("never lets more than 30 messages a second through for one bot, and uses the whole allowance", () => {
    const chats = Array.from({ length: 200 }, (_, i) => i + 1);
    const sends = drive(chats, 200);
    expect(
      mostInWindow(
        sends.map((s) => s.at),
        1000,
      ),
    ).toBe(30);
    // 200 messages at 30 a second: the last one in the seventh second, not later.
    expect(sends.at(-1)!.at).toBe(6000);
  });

  it("keeps a second between two messages to one chat, and 20 a minute to a group", () => {
    const single = drive([42], 5);
    expect(single.map((s) => s.at)).toEqual([0, 1000, 2000, 3000, 4000]);
    const group = drive([-100], 25);
    expect(
      mostInWindow(
        group.map((s) => s.at),
        60_000,
      ),
    ).toBe(20);
    expect(group[20]!.at).toBe(60_000);
  });

  it("pauses the whole bot after a 429 for Telegram's retry_after", () => {
    const rate = createSendRate();
    rate.sent(1, 0);
    rate.pause(10, 5000);
    expect(rate.waitMs(2, 10)).toBe(5000);
    expect(rate.waitMs(1, 4000)).toBe(1010);
    expect(rate.waitMs(3, 5010)).toBe(0);
  });

  it("forgets chats that have been quiet, without forgetting their gap while it runs", () => {
    const rate = createSendRate();
    for (let chat = 1; chat <= 10_001; chat++) rate.sent(chat, chat * 10_000);
    expect(rate.waitMs(10_001, 10_001 * 10_000 + 400)).toBe(600);
    expect(rate.waitMs(1, 10_001 * 10_000 + 400)).toBe(0);
  });
});

describe("the next message to send", () => {
  it("takes only each chat's first message, the one that may go soonest, the oldest on a tie", () => {
    const queues = new Map([
      ["a", [{ id: 5 }, { id: 1 }]],
      ["b", [{ id: 3 }]],
      ["c", [] as Array<{ id: number }>],
    ]);
    expect(nextToSend(queues, () => 0)).toEqual({ chat: "b", item: { id: 3 }, waitMs: 0 });
    expect(nextToSend(queues, (chat) => (chat === "b" ? 700 : 200))).toEqual({
      chat: "a",
      item: { id: 5 },
      waitMs: 200,
    });
    expect(nextToSend(new Map(), () => 0)).toBeNull();
  });
});
