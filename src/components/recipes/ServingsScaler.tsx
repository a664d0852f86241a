import { useId } from "react";
import { Button } from "../ui";
import { MinusIcon, PlusIcon } from "./recipeIcons";

type ServingsScalerProps = {
  servings: number;
  baseServings: number;
  max: number;
  onChange: (servings: number) => void;
};

/** A stepper for how many people to cook for; the value is announced as it changes. */
export function ServingsScaler({ servings, baseServings, max, onChange }: ServingsScalerProps) {
  const id = useId();
  return (
    <div className="servings-scaler" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="servings-scaler__label">
        Servings
      </span>
      <div className="servings-scaler__controls">
        <Button variant="outline" size="icon" aria-label="Fewer servings" onClick={() => onChange(servings - 1)} disabled={servings <= 1}>
          <MinusIcon />
        </Button>
        <output className="servings-scaler__value" aria-live="polite">
          <span className="sr-only">Servings: </span>
          {servings}
        </output>
        <Button variant="outline" size="icon" aria-label="More servings" onClick={() => onChange(servings + 1)} disabled={servings >= max}>
          <PlusIcon />
        </Button>
      </div>
      {servings !== baseServings && (
        <Button variant="link" size="sm" onClick={() => onChange(baseServings)} className="servings-scaler__reset">
          Reset to {baseServings}
        </Button>
      )}
    </div>
  );
}
