import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ErrorContent } from "../components/shell/error-page.tsx";
import { CookieBanner } from "../components/shell/cookie-banner.tsx";
import { Footer } from "../components/shell/footer.tsx";
import { Header } from "../components/shell/header.tsx";
import { ProgressBar } from "../components/shell/progress-bar.tsx";
import { SnackbarProvider } from "../components/shell/snackbar.tsx";
import { FavouritesProvider } from "../favourites/provider.tsx";

/** Header, menus and footer around a page; also around a page that failed or refused (ErrorBoundary). */
function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <SnackbarProvider>
      <FavouritesProvider>
        <div className="flex min-h-screen flex-col">
          <a
            href="#content"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
          >
            {t("app.skipToContent")}
          </a>
          <ProgressBar />
          <Header />
          <div id="content" className="min-w-0 flex-1">
            {children}
          </div>
          <Footer />
          <CookieBanner />
        </div>
      </FavouritesProvider>
    </SnackbarProvider>
  );
}

export default function Shell() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** A page's refusal or failure keeps the site around it: the member sees why and where to go from there. */
export function ErrorBoundary() {
  return (
    <Frame>
      <ErrorContent />
    </Frame>
  );
}
