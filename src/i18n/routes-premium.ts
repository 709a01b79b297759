import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/**
 * Premium, payment and affiliate pages, with their slugs per locale (SPEC §2.1: translated everywhere; the
 * Premium room keeps /vip, the section every VIP page lives under). English paths are those of SPEC §2.3–2.4.
 */
export type PremiumPage =
  | "room"
  | "plans"
  | "success"
  | "cancel"
  | "addons"
  | "sandbox"
  | "payments"
  | "affiliates"
  | "affiliateGuide";

export const PREMIUM_SLUGS: Record<Locale, Record<PremiumPage, string>> = {
  en: {
    room: "vip",
    plans: "vip/football-betting-tools",
    success: "payments/success",
    cancel: "payments/cancel",
    addons: "payments/addons",
    sandbox: "payments/sandbox",
    payments: "user/payments",
    affiliates: "affiliates",
    affiliateGuide: "affiliate-guide",
  },
  de: {
    room: "vip",
    plans: "vip/fussball-wett-tools",
    success: "zahlungen/erfolg",
    cancel: "zahlungen/abgebrochen",
    addons: "zahlungen/zusatzpakete",
    sandbox: "zahlungen/testkasse",
    payments: "benutzer/zahlungen",
    affiliates: "partnerprogramm",
    affiliateGuide: "partnerprogramm-leitfaden",
  },
  el: {
    room: "vip",
    plans: "vip/ergaleia-stoiximatos-podosfairou",
    success: "pliromes/epitychia",
    cancel: "pliromes/akyrosi",
    addons: "pliromes/prostheta",
    sandbox: "pliromes/dokimastiko-tameio",
    payments: "xristis/pliromes",
    affiliates: "synergates",
    affiliateGuide: "odigos-synergaton",
  },
  es: {
    room: "vip",
    plans: "vip/herramientas-apuestas-futbol",
    success: "pagos/exito",
    cancel: "pagos/cancelado",
    addons: "pagos/complementos",
    sandbox: "pagos/caja-de-pruebas",
    payments: "usuario/pagos",
    affiliates: "afiliados",
    affiliateGuide: "guia-de-afiliados",
  },
  fr: {
    room: "vip",
    plans: "vip/outils-paris-football",
    success: "paiements/succes",
    cancel: "paiements/annule",
    addons: "paiements/options",
    sandbox: "paiements/caisse-de-test",
    payments: "utilisateur/paiements",
    affiliates: "affiliation",
    affiliateGuide: "guide-affiliation",
  },
  it: {
    room: "vip",
    plans: "vip/strumenti-scommesse-calcio",
    success: "pagamenti/successo",
    cancel: "pagamenti/annullato",
    addons: "pagamenti/componenti-aggiuntivi",
    sandbox: "pagamenti/cassa-di-prova",
    payments: "utente/pagamenti",
    affiliates: "affiliazione",
    affiliateGuide: "guida-affiliazione",
  },
  pl: {
    room: "vip",
    plans: "vip/narzedzia-bukmacherskie",
    success: "platnosci/sukces",
    cancel: "platnosci/anulowano",
    addons: "platnosci/dodatki",
    sandbox: "platnosci/kasa-testowa",
    payments: "uzytkownik/platnosci",
    affiliates: "program-partnerski",
    affiliateGuide: "przewodnik-partnera",
  },
  pt: {
    room: "vip",
    plans: "vip/ferramentas-apostas-futebol",
    success: "pagamentos/sucesso",
    cancel: "pagamentos/cancelado",
    addons: "pagamentos/complementos",
    sandbox: "pagamentos/caixa-de-teste",
    payments: "usuario/pagamentos",
    affiliates: "afiliados",
    affiliateGuide: "guia-de-afiliados",
  },
  ro: {
    room: "vip",
    plans: "vip/instrumente-pariuri-fotbal",
    success: "plati/succes",
    cancel: "plati/anulat",
    addons: "plati/suplimente",
    sandbox: "plati/casa-de-test",
    payments: "utilizator/plati",
    affiliates: "afiliere",
    affiliateGuide: "ghid-afiliere",
  },
  ru: {
    room: "vip",
    plans: "vip/instrumenty-dlya-stavok-na-futbol",
    success: "platezhi/uspekh",
    cancel: "platezhi/otmena",
    addons: "platezhi/dopolneniya",
    sandbox: "platezhi/testovaya-kassa",
    payments: "polzovatel/platezhi",
    affiliates: "partnerskaya-programma",
    affiliateGuide: "rukovodstvo-partnera",
  },
  tr: {
    room: "vip",
    plans: "vip/futbol-bahis-araclari",
    success: "odemeler/basarili",
    cancel: "odemeler/iptal",
    addons: "odemeler/eklentiler",
    sandbox: "odemeler/test-kasasi",
    payments: "kullanici/odemeler",
    affiliates: "ortaklik-programi",
    affiliateGuide: "ortaklik-rehberi",
  },
};

/** The path of a premium page in a locale: `premiumPath("de", "plans")` is /de/vip/fussball-wett-tools. */
export function premiumPath(locale: Locale, page: PremiumPage): string {
  return `${locale === DEFAULT_LOCALE ? "" : `/${locale}`}/${PREMIUM_SLUGS[locale][page]}`;
}

export function premiumRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  const s = PREMIUM_SLUGS[locale];
  return [
    { id: "vip", path: `${p}/${s.room}`, file: "routes/premium/room.tsx" },
    { id: "vip-go-premium", path: `${p}/${s.plans}`, file: "routes/premium/plans.tsx" },
    { id: "payments-success", path: `${p}/${s.success}`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-cancel", path: `${p}/${s.cancel}`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-addons", path: `${p}/${s.addons}`, file: "routes/premium/payment-result.tsx" },
    { id: "payments-sandbox", path: `${p}/${s.sandbox}/:checkout`, file: "routes/premium/sandbox-checkout.tsx" },
    { id: "user-payments", path: `${p}/${s.payments}`, file: "routes/premium/payments.tsx" },
    { id: "affiliates", path: `${p}/${s.affiliates}`, file: "routes/premium/affiliates.tsx" },
    { id: "affiliate-guide", path: `${p}/${s.affiliateGuide}`, file: "routes/premium/affiliate-guide.tsx" },
  ];
}
