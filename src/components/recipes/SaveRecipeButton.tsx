import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button, toast, cn } from "../ui";
import { BookmarkIcon } from "./recipeIcons";

type SaveRecipeButtonProps = {
  recipeId: number;
  saved: boolean;
  /** "icon" on cards (the title names it), "full" on the detail page. */
  appearance?: "icon" | "full";
  recipeTitle?: string;
  className?: string;
};

/**
 * Save / Unsave: a toggle button, disabled while the call and the refetch that follows are in
 * flight, so it never shows a state the server has not confirmed.
 */
export function SaveRecipeButton({ recipeId, saved, appearance = "full", recipeTitle, className }: SaveRecipeButtonProps) {
  const utils = trpc.useUtils();
  const save = trpc.recipes.save.useMutation();
  const unsave = trpc.recipes.unsave.useMutation();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      if (saved) await unsave.mutateAsync({ id: recipeId });
      else await save.mutateAsync({ id: recipeId });
      toast({ title: saved ? "Recipe removed" : "Recipe saved", description: recipeTitle ? `${recipeTitle} ${saved ? "was removed from" : "was added to"} your saved recipes.` : undefined });
      await Promise.all([utils.recipes.list.invalidate(), utils.recipes.get.invalidate({ id: recipeId }), utils.dashboard.invalidate()]);
    } catch {
      toast({ title: "Could not update saved status", description: "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  if (appearance === "icon") {
    return (
      <Button
        variant="ghost"
        size="icon"
        className={cn("recipe-save", saved && "recipe-save--on", className)}
        aria-pressed={saved}
        aria-label={recipeTitle ? `Save ${recipeTitle}` : "Save recipe"}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={toggle}
      >
        <BookmarkIcon filled={saved} />
      </Button>
    );
  }
  return (
    <Button variant={saved ? "secondary" : "outline"} className={cn("recipe-save", saved && "recipe-save--on", className)} loading={busy} onClick={toggle}>
      {!busy && <BookmarkIcon filled={saved} />}
      {saved ? "Unsave" : "Save"}
    </Button>
  );
}
