import { useId, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage, errorStatus } from "../../lib/api";
import { moreThanLeftMessage, quickAmountText, quickFills, remainingTotal } from "../../../worker/domain/containers";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Input } from "../ui/Input";
import { toast } from "../ui/toast-store";
import { cn } from "../ui/cn";
import { containerChoices, formatNumber, quantityText, type PantryItem } from "./pantryFormat";
import { usePantryChanged } from "./queries";
import "../../styles/pantry.css";

/** After "Item Already Used" the page reloads half a second later, so the stale item disappears once read. */
export const ALREADY_USED_RELOAD_MS = 500;

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

type UseSomeDialogProps = {
  item: PantryItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Use Some: pick the container (the open one first), type an amount (decimals allowed) or use the Full / Half /
 * Quarter buttons, which fill in that share of the chosen container and show the amount. Using everything removes
 * the item; asking for more than is left is refused here and by the server, with what there is.
 */
export function UseSomeDialog({ item, open, onOpenChange }: UseSomeDialogProps) {
  const { choices, unitLabel } = containerChoices(item);
  const [containerIndex, setContainerIndex] = useState(choices[0]?.index ?? 0);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const groupId = useId();
  const pantryChanged = usePantryChanged();
  const use = trpc.pantry.use.useMutation();
  const chosen = choices.find((c) => c.index === containerIndex) ?? choices[0];
  const have = quantityText(item);

  const fills = chosen ? quickFills(item, chosen) : [];
  const left = remainingTotal(item);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    if (!DECIMAL.test(text) || Number(text) <= 0) {
      setError("Enter an amount greater than 0, e.g. 0.5");
      return;
    }
    // The same words the server answers with; a typo (50 for 5.0) must not use the item up.
    if (Number(text) > left + 1e-9) {
      setError(moreThanLeftMessage(item.name, left, item.unit));
      return;
    }
    setError(null);
    use.mutate(
      { id: item.id, quantityUsed: Number(text), containerIndex: chosen?.index },
      {
        onSuccess: (result) => {
          toast({ title: result.deleted ? "Item Consumed" : "Updated", description: result.message });
          void pantryChanged();
          onOpenChange(false);
        },
        onError: (failure) => {
          if (errorStatus(failure) === 404) {
            toast({ title: "Item Already Used", description: "Refreshing to show current items..." });
            onOpenChange(false);
            window.setTimeout(() => window.location.reload(), ALREADY_USED_RELOAD_MS);
            return;
          }
          // A refused amount (more than is left, changed elsewhere meanwhile) is said where it was typed.
          if (errorStatus(failure) === 400) {
            setError(errorMessage(failure));
            return;
          }
          toast({ title: "Error", description: "Failed to update item", variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !use.isPending && onOpenChange(next)}
      title={`Use some ${item.name}`}
      description={`You have ${have.count}${have.detail ? ` · ${have.detail}` : ""}.`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={use.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={use.isPending} disabled={amount.trim() === ""}>
            Use
          </Button>
        </>
      }
    >
      <form id={formId} className="use-form" onSubmit={onSubmit} noValidate>
        {choices.length > 1 && (
          <fieldset className="use-form__containers">
            <legend className="label">Take it from</legend>
            {choices.map((choice) => (
              <label key={choice.index} className={cn("choice", containerIndex === choice.index && "is-selected")}>
                <input
                  type="radio"
                  name={groupId}
                  value={choice.index}
                  checked={containerIndex === choice.index}
                  onChange={() => {
                    setContainerIndex(choice.index);
                    setAmount("");
                  }}
                />
                <span>{choice.label}</span>
              </label>
            ))}
          </fieldset>
        )}
        {choices.length === 1 && chosen && <p className="use-form__single">From: {chosen.label}</p>}

        <Field label={`Amount used (${unitLabel})`} error={error}>
          {(p) => (
            <Input
              {...p}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              inputMode="decimal"
              placeholder={chosen ? formatNumber(chosen.amount / 2) : "1"}
              autoComplete="off"
            />
          )}
        </Field>

        {fills.length > 0 && (
          <div className="use-form__quick" role="group" aria-label="Quick amounts">
            {fills.map((fill) => (
              <Button
                key={fill.label}
                variant="secondary"
                size="sm"
                aria-pressed={amount === quickAmountText(fill.value)}
                onClick={() => {
                  setAmount(quickAmountText(fill.value));
                  setError(null);
                }}
              >
                {fill.label}
                <span className="use-form__quick-value">{fill.amountText}</span>
              </Button>
            ))}
          </div>
        )}
      </form>
    </Dialog>
  );
}
