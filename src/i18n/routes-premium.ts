import type { Locale } from "./locales.ts";

/**
 * Premium, payment and affiliate pages. Like the account pages they keep the English paths of SPEC §2.3–2.4
 * (/vip/..., /payments/...) after the locale prefix.
 */
export function premiumRoutes(_locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [
    { id: "vip", path: `${p}/vip`, file: "routes/premium/room.tsx" },
    { id: "vip-go-premium", path: `${p}/vip/football-betting-tools`, file: "routes/premium/plans.tsx" },
    { id: "payments-success", path: `${p}/payments/success`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-cancel", path: `${p}/payments/cancel`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-addons", path: `${p}/payments/addons`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-sandbox", path: `${p}/payments/sandbox/:checkout`, file: "routes/premium/sandbox-checkout.tsx" },
    { id: "user-payments", path: `${p}/user/payments`, file: "routes/premium/payments.tsx" },
    { id: "affiliates", path: `${p}/affiliates`, file: "routes/premium/affiliates.tsx" },
    { id: "affiliate-guide", path: `${p}/affiliate-guide`, file: "routes/premium/affiliate-guide.tsx" },
  ];
}

export const PREMIUM_PATHS = {
  room: "/vip",
  plans: "/vip/football-betting-tools",
  payments: "/user/payments",
  affiliates: "/affiliates",
  affiliateGuide: "/affiliate-guide",
} as const;
