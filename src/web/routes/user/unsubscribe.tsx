import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formAction } from "../../auth.server.ts";
import { AuthCard, FormAlert, primaryButton } from "../../components/form.tsx";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

/** A POST, not the GET of the link: mail scanners open links, and must not unsubscribe anybody. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const done = await formAction({}, () =>
    context.services.accounts.newsletterUnsubscribe(
      Number(url.searchParams.get("user_id")),
      url.searchParams.get("user_key") ?? "",
    ),
  );
  return done.ok ? { done: true } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("profile.unsubscribeTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("profile.unsubscribeTitle")}>
      {actionData && "done" in actionData ? (
        <FormAlert tone="success" message="profile.unsubscribed" />
      ) : (
        <Form method="post" className="space-y-4">
          <FormAlert message={actionData && "error" in actionData ? actionData.error : null} />
          <button type="submit" className={primaryButton}>
            {t("mail.unsubscribe")}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
