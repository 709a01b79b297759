import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { type FormFailure, formAction } from "../../auth.server.ts";
import { AuthCard, Field, FormAlert, primaryButton } from "../../components/form.tsx";
import { pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/verify";

/** The link of the activation mail: activated, or activationKO with 'send an activation link again'. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const activated = await context.services.accounts.verify(
    Number(url.searchParams.get("userId")),
    url.searchParams.get("userKey") ?? "",
  );
  return { locale, origin: url.origin, pathname: url.pathname, activated };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const form = Object.fromEntries(await request.formData());
  const done = await formAction(form, () =>
    context.services.accounts.sendActivationLink(String(form.email ?? ""), locale, { ip: context.clientIp }),
  );
  return done.ok ? { sent: true } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.verifyTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const { locale, activated } = loaderData;
  return (
    <AuthCard title={t("auth.verifyTitle")}>
      {activated ? (
        <>
          <FormAlert tone="success" message="auth.activationOK" />
          <Link to={pagePath(locale, "login")} className={`${primaryButton} inline-block`}>
            {t("auth.login")}
          </Link>
        </>
      ) : actionData && "sent" in actionData ? (
        <FormAlert tone="success" message="auth.activationSent" />
      ) : (
        <>
          <FormAlert message="auth.activationKO" />
          <Form method="post" noValidate className="space-y-4">
            <Field
              name="email"
              type="email"
              label={t("auth.email")}
              autoComplete="email"
              required
              defaultValue={failure?.values.email}
              error={failure?.fields.email ?? (failure ? failure.error : undefined)}
            />
            <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
              {t("auth.sendActivationLink")}
            </button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
