import type { AppLoadContext } from "react-router";
import { formAction } from "./auth.server.ts";
import { pageId } from "./page-context.ts";

/** The auto-renew switch of the subscription panel, wherever the panel is shown. */
export async function autoRenewalAction(
  context: AppLoadContext,
  user: { id: number },
  form: Record<string, FormDataEntryValue>,
) {
  const done = await formAction(form, () =>
    context.services.payments.setAutoRenewal(user, pageId(String(form.subscriptionId)), form.autoRenewal === "on"),
  );
  return done.ok
    ? { intent: "autoRenewal", saved: form.autoRenewal === "on" ? "payments.autoRenewOn" : "payments.autoRenewOff" }
    : done.failure;
}
