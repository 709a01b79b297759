import { useTranslation } from "react-i18next";
import type { Range } from "../../../domain/stats/advanced-filter.ts";
import { field } from "./classes.ts";
import { PremiumMark } from "./premium-mark.tsx";

/** Two number fields of a range (odds, probabilities), with their legend; locked ones are premium. */
export function RangeFields(props: {
  legend: string;
  names: [string, string];
  value: Range;
  onChange: (v: Range) => void;
  step?: string;
  min: number;
  max?: number;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  return (
    <fieldset disabled={props.locked}>
      <legend className="text-sm font-medium">
        {props.legend}
        {props.locked && <PremiumMark />}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {(["min", "max"] as const).map((bound, i) => (
          <label key={bound} className="block text-xs">
            {t(`advancedFilter.${bound}`)}
            <input
              name={props.names[i]}
              type="number"
              step={props.step}
              min={props.min}
              max={props.max}
              className={field}
              value={value[i]}
              onChange={(e) =>
                onChange(i === 0 ? [Number(e.target.value), value[1]] : [value[0], Number(e.target.value)])
              }
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
