import type { Page } from "playwright-core";

/**
 * The elements that reach past the right edge of the viewport, as "TAG "text"" (at most `limit`), and the
 * document's width. Parts made to scroll sideways (tab rows, wide tables) or to clip (an invisible ruler) may hold
 * wider content; the page itself may not.
 */
export async function widerThanViewport(page: Page, limit = 3): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const culprits = [...document.querySelectorAll("body *")]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > window.innerWidth + 1 &&
          !e.closest(".overflow-x-auto, .overflow-auto, .overflow-hidden"),
      )
      .slice(0, limit)
      .map((e) => `${e.tagName} "${(e.textContent ?? "").slice(0, 30)}"`);
    return { width: document.documentElement.scrollWidth, culprits };
  }, limit);
}

/** The selects matching `selector` that are narrower than their longest choice (one that reads "Highest fi"). */
export async function cutSelects(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>(selector)) {
      const shown = select.getBoundingClientRect().width;
      const { width, minWidth } = select.style;
      select.style.width = "max-content";
      select.style.minWidth = "0";
      const natural = select.getBoundingClientRect().width;
      select.style.width = width;
      select.style.minWidth = minWidth;
      if (shown + 1 < natural) cut.push(`${select.name}: ${Math.round(shown)} < ${Math.round(natural)} px`);
    }
    return cut;
  }, selector);
}
