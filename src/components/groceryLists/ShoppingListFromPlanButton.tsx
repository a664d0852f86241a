import { useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Button, toast, type ButtonProps } from "../ui";
import { CartIcon } from "../icons";
import { GROCERY_MESSAGES } from "../../../worker/schemas/groceryLists";

type ShoppingListFromPlanButtonProps = {
  /** The plan's first and last day (yyyy-MM-dd), e.g. the week on screen. */
  start: string;
  end: string;
  label?: string;
  variant?: ButtonProps["variant"];
};

/**
 * "Shopping list for this week": a list from the meal plan's recipes between two dates (scaled to each meal's
 * servings, merged, minus the pantry), then opens it; pressed again for the same dates, it adds the meals planned
 * since to that list. Self-contained, so the plan screen can mount it as is.
 */
export function ShoppingListFromPlanButton({ start, end, label = "Shopping list for this week", variant = "outline" }: ShoppingListFromPlanButtonProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const generate = trpc.groceryLists.generateFromPlan.useMutation();

  async function run() {
    try {
      const result = await generate.mutateAsync({ start, end });
      // The same dates again top up the list already made (the server keeps one list per range).
      if (result.updated) toast({ title: "Grocery List Updated", description: `${result.list.name}: ${result.message}` });
      else toast({ title: "Grocery List Generated", description: `${result.list.name} with ${result.itemsAdded} ${result.itemsAdded === 1 ? "item" : "items"}` });
      await utils.groceryLists.list.invalidate();
      await navigate({ to: "/grocery-lists/$id", params: { id: String(result.list.id) } });
    } catch (error) {
      const message = errorMessage(error, GROCERY_MESSAGES.generateFailed);
      if (message === GROCERY_MESSAGES.noRecipesInPlan) toast({ title: GROCERY_MESSAGES.noRecipesInPlan, description: GROCERY_MESSAGES.noRecipesInPlanDescription, variant: "destructive" });
      else toast({ title: "Error", description: GROCERY_MESSAGES.generateFailed, variant: "destructive" });
    }
  }

  return (
    <Button variant={variant} onClick={() => void run()} loading={generate.isPending}>
      {!generate.isPending && <CartIcon size={18} />}
      {generate.isPending ? "Making your list..." : label}
    </Button>
  );
}
