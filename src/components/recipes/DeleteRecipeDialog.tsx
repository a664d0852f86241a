import { useRef } from "react";
import { trpc } from "../../lib/trpc";
import { Button, Dialog, toast } from "../ui";

/** The confirmation every recipe delete asks, from the grid or the detail page alike. */
export const DELETE_RECIPE_CONFIRM = "Are you sure you want to delete this recipe? This action cannot be undone.";

type DeleteRecipeDialogProps = {
  /** The recipe to delete; null keeps the dialog closed. */
  recipe: { id: number; title: string } | null;
  onClose: () => void;
  onDeleted?: (id: number) => void;
};

/** Confirms and deletes one of the user's own recipes; a failure shows 'Failed to delete recipe'. */
export function DeleteRecipeDialog({ recipe, onClose, onDeleted }: DeleteRecipeDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.recipes.delete.useMutation();
  // Focus starts on Cancel: the safe choice.
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    if (!recipe) return;
    try {
      await remove.mutateAsync({ id: recipe.id });
      toast({ title: "Recipe deleted", description: `${recipe.title} has been deleted.` });
      onClose();
      onDeleted?.(recipe.id);
      await Promise.all([utils.recipes.list.invalidate(), utils.dashboard.invalidate()]);
    } catch {
      toast({ title: "Failed to delete recipe", description: "Please try again.", variant: "destructive" });
    }
  };

  return (
    <Dialog
      open={recipe !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete recipe?"
      description={DELETE_RECIPE_CONFIRM}
      size="sm"
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} loading={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete Recipe"}
          </Button>
        </>
      }
    >
      {recipe && <p className="recipe-delete__name">{recipe.title}</p>}
    </Dialog>
  );
}
