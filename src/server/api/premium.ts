import type { Services } from "../../services/index.ts";
import { requirePremium } from "../../services/access.ts";
import { isLocale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import * as answers from "./answers.gen.ts";
import { createApiApp, idParam, jsonBody, ok, rawRoute, requestLocale, requireUser, route, z } from "./contract.ts";
import { receiptHtml } from "./receipt.ts";

const plan = z
  .union([z.literal(1), z.literal(3), z.literal(12), z.enum(["1", "3", "12"])])
  .openapi({ description: "months: 1, 3 or 12" });
const CheckoutBody = z
  .object({
    plan: plan.optional(),
    addon: z.enum(["filters", "backtesting"]).optional(),
    locale: z.string().max(10).optional(),
  })
  .openapi("CheckoutRequest", { description: "a plan or an add-on" });
const AutoRenewalBody = z.object({ autoRenewal: z.boolean() }).openapi("AutoRenewal");
const TransferBody = z.object({ plan }).openapi("TransferRequest");
const PayoutBody = z
  .object({ method: z.string().max(40).openapi({ example: "paypal" }), details: z.string().max(1000).optional() })
  .openapi("PayoutRequest");

const signedIn = { 401: "Not signed in" } as const;
const tags = ["Premium"];

/** Stripe's raw event: the signature covers the exact bytes, so the body is not parsed before the service checks it. */
const WEBHOOK_LIMIT = 1024 * 1024;
const webhook = route({
  method: "post",
  path: "/payments/webhook",
  tags,
  // Stripe calls it: no login, the signature is the credential.
  auth: "none",
  summary:
    "Stripe (or the offline sandbox) reports a payment event, signed in the Stripe-Signature header; each event is applied once",
  request: {
    headers: z.object({ "stripe-signature": z.string().max(2000).optional() }),
    body: {
      required: true,
      description: "the event as Stripe sends it (verified against the signature before use)",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["id", "type", "data"],
            properties: {
              id: { type: "string" },
              type: { type: "string", example: "checkout.session.completed" },
              data: { type: "object" },
            },
          },
        },
      },
    },
  },
  data: answers.WebhookResult,
  bodyLimit: WEBHOOK_LIMIT,
});

/** Plans, checkout, webhooks, subscription, receipts, transfers, the Premium room and affiliates (SPEC §2.3–2.4). */
export function premiumRoutes(services: Services) {
  const api = createApiApp();
  const pay = services.payments;

  api.openapi(webhook, async (c) =>
    ok(c, await pay.handleWebhook(await c.req.text(), c.req.header("stripe-signature"))),
  );

  api.openapi(
    route({
      method: "get",
      path: "/payments/plans",
      tags,
      summary: "Plans with their prices (first period discounted for a new subscriber) and add-ons",
      data: answers.Offer,
    }),
    async (c) => ok(c, await pay.offer(c.get("user"))),
  );

  api.openapi(
    route({
      method: "post",
      path: "/payments/checkout",
      tags,
      summary:
        "Starts a checkout for a plan ({plan: 1|3|12}) or an add-on ({addon: filters|backtesting}); returns its address",
      request: jsonBody(CheckoutBody),
      data: answers.Checkout,
      errors: {
        ...signedIn,
        403: "An add-on without premium",
        409: "Already subscribed",
        503: "Payments are not configured",
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const user = requireUser(c);
      const locale = isLocale(body.locale) ? body.locale : requestLocale(c);
      return ok(c, await pay.startCheckout(user, c.get("access"), { plan: body.plan, addon: body.addon }, locale));
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/me/subscription",
      tags,
      summary: "The subscription, remaining premium days, payments and transfer requests",
      data: answers.SubscriptionOverview,
      errors: signedIn,
    }),
    async (c) => ok(c, await pay.overview(requireUser(c))),
  );

  api.openapi(
    route({
      method: "post",
      path: "/usersubscriptions/{id}/autoRenewal",
      tags,
      summary: "Switches auto-renewal ({autoRenewal}); off means cancel at period end",
      request: { params: z.object({ id: idParam("id") }), ...jsonBody(AutoRenewalBody) },
      data: answers.AutoRenewal,
      errors: { ...signedIn, 404: "No such subscription of the user" },
    }),
    async (c) =>
      ok(c, await pay.setAutoRenewal(requireUser(c), c.req.valid("param").id, c.req.valid("json").autoRenewal)),
  );

  api.openapi(
    rawRoute({
      method: "get",
      path: "/payments/{id}/receipt",
      tags,
      summary: "A receipt to download (HTML, in the caller's language)",
      request: { params: z.object({ id: idParam("id") }) },
      content: { "text/html": { schema: z.string() } },
      errors: { ...signedIn, 404: "No such payment of the user" },
    }),
    async (c) => {
      const user = requireUser(c);
      const payment = await pay.receipt(user, c.req.valid("param").id);
      const locale = requestLocale(c);
      c.header("Content-Disposition", `attachment; filename="pitchlab-receipt-${payment.receiptNumber}.html"`);
      return c.html(receiptHtml(payment, user, locale, (key, vars) => translate(locale, key, vars))) as never;
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/payments/transfers",
      tags,
      summary: "Asks to pay a plan by bank transfer ({plan}); returns the bank details and reference",
      request: jsonBody(TransferBody),
      data: answers.Transfer,
      errors: signedIn,
    }),
    async (c) => ok(c, await pay.requestTransfer(requireUser(c), c.req.valid("json").plan)),
  );

  api.openapi(
    route({
      method: "get",
      path: "/vip",
      tags,
      summary: "The Premium room: the member's subscription and premium tools (premium only)",
      data: answers.Vip,
      errors: { ...signedIn, 403: "Not a premium member" },
    }),
    async (c) => {
      const user = requireUser(c);
      requirePremium(c.get("access"));
      return ok(c, { access: c.get("access"), ...(await pay.overview(user)) });
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/affiliates/me",
      tags: ["Affiliates"],
      summary: "Affiliate dashboard: tracking id, clicks, sign-ups, payments, earnings and payouts",
      data: answers.AffiliateDashboard,
      errors: signedIn,
    }),
    async (c) => ok(c, await services.affiliates.dashboard(requireUser(c))),
  );

  api.openapi(
    route({
      method: "post",
      path: "/affiliates/payouts",
      tags: ["Affiliates"],
      summary: "Requests this month's payout of locked earnings ({method, details})",
      request: jsonBody(PayoutBody),
      data: answers.Payout,
      errors: { ...signedIn, 409: "Nothing to pay out, or already requested this month" },
    }),
    async (c) => ok(c, await services.affiliates.requestPayout(requireUser(c), c.req.valid("json"))),
  );

  return api;
}
