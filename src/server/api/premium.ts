import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requirePremium } from "../../services/access.ts";
import type { Services } from "../../services/index.ts";
import { isLocale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import type { RequestVars } from "../request-context.ts";
import { jsonBody, readBody, route } from "./accounts.ts";
import { requestLocale, requireUser } from "./errors.ts";
import { receiptHtml } from "./receipt.ts";

type C = Context<{ Variables: RequestVars }>;
const ok = <T>(c: C, data: T) => c.json({ data }, 200);

/** Plans, checkout, webhooks, subscription, receipts, transfers, the Premium room and affiliates (SPEC §2.3–2.4). */
export function premiumRoutes(services: Services) {
  const api = new OpenAPIHono<{ Variables: RequestVars }>();
  const pay = services.payments;

  // Raw body: the signature covers the exact bytes. The same code path serves Stripe and the sandbox.
  api.post("/payments/webhook", async (c) => ok(c, await pay.handleWebhook(await c.req.text(), c.req.header("stripe-signature"))));

  api.openapi(route("get", "/payments/plans", "Plans with their prices (first period discounted for a new subscriber) and add-ons"), async (c) =>
    ok(c, await pay.offer(c.get("user"))),
  );

  api.openapi(route("post", "/payments/checkout", "Starts a checkout for a plan ({plan: 1|3|12}) or an add-on ({addon: filters|backtesting}); returns its address", jsonBody), async (c) => {
    const body = await readBody(c);
    const user = requireUser(c);
    const locale = isLocale(body.locale as string) ? (body.locale as string) : requestLocale(c);
    const session = await pay.startCheckout(user, c.get("access"), { plan: body.plan, addon: body.addon }, locale);
    return ok(c, session);
  });

  api.openapi(route("get", "/users/me/subscription", "The subscription, remaining premium days, payments and transfer requests"), async (c) =>
    ok(c, await pay.overview(requireUser(c))),
  );

  api.openapi(
    route("post", "/usersubscriptions/{id}/autoRenewal", "Switches auto-renewal ({autoRenewal}); off means cancel at period end", {
      params: z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" }, type: "integer" }) }),
      ...jsonBody,
    }),
    async (c) => {
      const body = await readBody(c);
      return ok(c, await pay.setAutoRenewal(requireUser(c), c.req.valid("param").id, body.autoRenewal));
    },
  );

  api.openapi(
    route("get", "/payments/{id}/receipt", "A receipt to download (HTML)", {
      params: z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" }, type: "integer" }) }),
    }),
    async (c) => {
      const user = requireUser(c);
      const payment = await pay.receipt(user, c.req.valid("param").id);
      const locale = requestLocale(c);
      c.header("Content-Disposition", `attachment; filename="pitchlab-receipt-${payment.receiptNumber}.html"`);
      return c.html(receiptHtml(payment, user, locale, (key, vars) => translate(locale, key, vars))) as never;
    },
  );

  api.openapi(route("post", "/payments/transfers", "Asks to pay a plan by bank transfer ({plan}); returns the bank details and reference", jsonBody), async (c) => {
    const body = await readBody(c);
    return ok(c, await pay.requestTransfer(requireUser(c), body.plan));
  });

  api.openapi(route("get", "/vip", "The Premium room: the member's subscription and premium tools (premium only)"), async (c) => {
    const user = requireUser(c);
    requirePremium(c.get("access"));
    return ok(c, { access: c.get("access"), ...(await pay.overview(user)) });
  });

  api.openapi(route("get", "/affiliates/me", "Affiliate dashboard: tracking id, clicks, sign-ups, payments, earnings and payouts"), async (c) =>
    ok(c, await services.affiliates.dashboard(requireUser(c))),
  );

  api.openapi(route("post", "/affiliates/payouts", "Requests this month's payout of locked earnings ({method, details})", jsonBody), async (c) => {
    const body = await readBody(c);
    return ok(c, await services.affiliates.requestPayout(requireUser(c), body));
  });

  return api;
}
