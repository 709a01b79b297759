import { useTranslation } from "react-i18next";
import { requireUser } from "../../auth.server.ts";
import { FormAlert } from "../../components/form.tsx";
import { SubscriptionPanel } from "../../components/premium/subscription-panel.tsx";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { autoRenewalAction } from "../../premium.server.ts";
import type { Route } from "./+types/payments";

/** /user/payments: the subscription and every payment with its receipt. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    premium: context.access.premium,
    overview: await context.services.payments.overview(user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  return autoRenewalAction(context, user, Object.fromEntries(await request.formData()));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("profile.payments") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("profile.payments")}</h1>
      <FormAlert message={actionData && "saved" in actionData ? actionData.saved : null} tone="success" />
      <FormAlert message={actionData && "error" in actionData ? (actionData.error as string) : null} />
      <div className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
        <SubscriptionPanel overview={loaderData.overview} premium={loaderData.premium} linkToPayments={false} />
      </div>
    </main>
  );
}
