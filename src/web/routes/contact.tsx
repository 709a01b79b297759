import { useTranslation } from "react-i18next";
import { isServiceError } from "../service-errors.server.ts";
import { Form, data, useNavigation } from "react-router";
import { CONTACT_TOPICS, MESSAGE_MAX } from "../../domain/contact.ts";
import { NUL_MESSAGE, badEntryIn } from "../../domain/input-text.ts";
import { Captcha } from "../components/captcha.tsx";
import { pageContext, metaT, seo } from "../page-context.ts";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const form = Object.fromEntries(await request.formData());
  // The one input rule: a NUL character in a field is that field's error, before the message is stored.
  const bad = badEntryIn(Object.entries(form));
  if (bad) {
    const values = Object.fromEntries(
      Object.entries(form).filter(([k, v]) => typeof v === "string" && !v.includes("\u0000") && !k.includes("\u0000")),
    );
    return data({ sent: false, failed: false, fieldErrors: { [bad.path]: NUL_MESSAGE }, values }, { status: 400 });
  }
  try {
    const captcha = String(form.captcha ?? form["g-recaptcha-response"] ?? "") || undefined;
    const result = await context.services.community.contact({ ...form, locale }, { ip: context.clientIp, captcha });
    if (!result.ok)
      return data({ sent: false, failed: false, fieldErrors: result.fieldErrors, values: form }, { status: 400 });
    return { sent: true, failed: false, fieldErrors: {}, values: {} };
  } catch (error) {
    if (isServiceError(error))
      return data(
        { sent: false, failed: false, fieldErrors: { form: error.message }, vars: error.params, values: form },
        { status: error.status },
      );
    // The message is stored before it is mailed; a mail failure still tells the visitor to retry later.
    return data({ sent: false, failed: true, fieldErrors: {}, values: form }, { status: 502 });
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({ origin: page.origin, pathname: page.pathname, title: t("contact.title") });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const values = (actionData?.values ?? {}) as Record<string, string>;
  const input =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900";
  const error = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {t(errors[field]!, {
          max: MESSAGE_MAX,
          ...((actionData && "vars" in actionData ? actionData.vars : undefined) ?? {}),
        })}
      </p>
    ) : null;
  const described = (field: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${field}-error` : undefined,
  });
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("contact.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("contact.intro")}</p>
      {actionData?.sent ? (
        <p role="status" className="rounded-xl bg-pitch-50 p-6 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50">
          {t("contact.success")}
        </p>
      ) : (
        <Form method="post" noValidate className="space-y-4 rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900">
          {actionData?.failed && (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {t("contact.failure")}
            </p>
          )}
          <label className="block text-sm font-medium">
            {t("contact.topic")}
            <select name="topic" defaultValue={values.topic ?? "general"} className={input} {...described("topic")}>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topics.${topic}`)}
                </option>
              ))}
            </select>
          </label>
          {error("topic")}
          <label className="block text-sm font-medium">
            {t("contact.subject")}
            <input
              name="subject"
              defaultValue={values.subject}
              required
              maxLength={200}
              className={input}
              {...described("subject")}
            />
          </label>
          {error("subject")}
          <label className="block text-sm font-medium">
            {t("contact.email")}
            <input
              name="email"
              type="email"
              defaultValue={values.email}
              required
              autoComplete="email"
              className={input}
              {...described("email")}
            />
          </label>
          {error("email")}
          <label className="block text-sm font-medium">
            {t("contact.message")}
            <textarea
              name="message"
              defaultValue={values.message}
              required
              rows={6}
              maxLength={MESSAGE_MAX}
              className={input}
              {...described("message")}
            />
          </label>
          {error("message")}
          <Captcha action="contact" />
          {error("captcha")}
          {error("form")}
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-pitch-700 px-5 py-2 font-semibold text-white hover:bg-pitch-900 disabled:opacity-60"
          >
            {busy ? t("contact.sending") : t("contact.send")}
          </button>
        </Form>
      )}
    </main>
  );
}
