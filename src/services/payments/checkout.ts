import { PaymentsUnavailable } from "../../data/payments/provider.ts";
import type { Access } from "../../domain/premium/access.ts";
import { addonsOnSale } from "../../domain/premium/features.ts";
import { type Addon, type PlanMonths, firstPeriodPrice, isAddon, isPlanMonths } from "../../domain/premium/plans.ts";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales.ts";
import { premiumPath } from "../../i18n/routes-premium.ts";
import { PREMIUM_REQUIRED } from "../access.ts";
import * as q from "../../db/queries/premium.ts";
import { ServiceError } from "../errors.ts";
import { type PaymentsDeps, RECURRING } from "./deps.ts";

/** Starts a checkout; the page sends the buyer to the returned address (Stripe, or the sandbox page). */
export async function startCheckout(
  d: PaymentsDeps,
  user: { id: number; email: string },
  access: Access,
  item: { plan?: unknown; addon?: unknown },
  locale: string,
) {
  const { ctx, prices, features } = d;
  const origin = ctx.publicUrl ?? "";
  const target = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const page = (name: "addons" | "cancel" | "success") => `${origin}${premiumPath(target, name)}`;
  if (item.addon !== undefined) {
    if (!isAddon(item.addon)) throw new ServiceError(400, "payments.unknownItem");
    if (!addonsOnSale(features).includes(item.addon)) throw new ServiceError(409, "site.addonUnavailable");
    if (!access.premium) throw new ServiceError(403, PREMIUM_REQUIRED);
    if (
      (item.addon === "filters" && access.addonFilters) ||
      (item.addon === "backtesting" && access.addonBacktesting)
    ) {
      throw new ServiceError(409, "payments.alreadyOwned");
    }
    return checkout(
      d,
      user,
      { mode: "addon", addon: item.addon, amountCents: prices.addons[item.addon] },
      page("addons"),
      `${page("cancel")}?addon=${item.addon}`,
    );
  }
  const plan = Number(item.plan);
  if (!isPlanMonths(plan)) throw new ServiceError(400, "payments.unknownItem");
  const current = await q.currentSubscription(ctx.pool, user.id);
  if (access.premium && current && RECURRING.has(current.provider) && !current.cancelAtPeriodEnd)
    throw new ServiceError(409, "payments.alreadyPremium");
  const amountCents = (await q.hasPaid(ctx.pool, user.id)) ? prices.plans[plan] : firstPeriodPrice(prices, plan);
  return checkout(
    d,
    user,
    { mode: "subscription", planMonths: plan, amountCents },
    page("success"),
    `${page("cancel")}?plan=${plan}`,
  );
}

async function checkout(
  d: PaymentsDeps,
  user: { id: number; email: string },
  item: { mode: "subscription" | "addon"; planMonths?: PlanMonths; addon?: Addon; amountCents: number },
  successUrl: string,
  cancelUrl: string,
) {
  const { ctx, provider, prices } = d;
  const session = await provider
    .createCheckout({ userId: user.id, email: user.email, ...item, currency: prices.currency, successUrl, cancelUrl })
    .catch((error) => {
      throw error instanceof PaymentsUnavailable ? new ServiceError(503, "payments.unavailable") : error;
    });
  if (provider.name === "sandbox") {
    await q.insertSandboxCheckout(ctx.pool, {
      id: session.id,
      userId: user.id,
      mode: item.mode,
      item: item.mode === "subscription" ? String(item.planMonths) : (item.addon as string),
      amountCents: item.amountCents,
      successUrl,
      cancelUrl,
    });
  }
  return session;
}
