import { useTranslation } from "react-i18next";

export function PremiumMark() {
  const { t } = useTranslation();
  return (
    <span>
      <span aria-hidden="true"> ♛</span>
      <span className="sr-only"> ({t("premium.label")})</span>
    </span>
  );
}
