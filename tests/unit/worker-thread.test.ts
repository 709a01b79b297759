import { afterEach, describe, expect, it } from "vitest";
import { longLivedThread } from "../../src/data/worker-thread.ts";

const entry = new URL("../support/counting-thread.ts", import.meta.url);
type Request = "count" | "fail" | "exit";
const threads: Array<{ close: () => Promise<void> }> = [];
const start = () => {
  const thread = longLivedThread<Request, number>(entry, { start: 10 });
  threads.push(thread);
  return thread;
};

afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

describe("longLivedThread", () => {
  it("keeps its state between requests and answers them in the order they were made", async () => {
    const thread = start();
    const answers = await Promise.all([thread.request("count"), thread.request("count"), thread.request("count")]);
    expect(answers).toEqual([11, 12, 13]);
    expect(await thread.request("count")).toBe(14);
  });

  it("rejects with the thread's error and goes on with the same state", async () => {
    const thread = start();
    expect(await thread.request("count")).toBe(11);
    await expect(thread.request("fail")).rejects.toThrow("asked to fail");
    expect(await thread.request("count")).toBe(12);
  });

  it("rejects when the thread exits, and starts a fresh one at the next request", async () => {
    const thread = start();
    expect(await thread.request("count")).toBe(11);
    await expect(thread.request("exit")).rejects.toThrow(/exited \(3\)/);
    expect(await thread.request("count")).toBe(11);
  });

  it("starts again after close", async () => {
    const thread = start();
    expect(await thread.request("count")).toBe(11);
    await thread.close();
    expect(await thread.request("count")).toBe(11);
  });
});
