import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Button, toast, cn } from "../ui";
import { ThumbDownIcon, ThumbUpIcon } from "./recipeIcons";
import type { RecipeDetailData } from "./recipeFormat";

type FeedbackType = "thumbs_up" | "thumbs_down";

/** Thumbs up / down (one answer per user; a second replaces the first). 'Failed to save feedback' on failure. */
export function FeedbackButtons({ recipeId, feedback }: { recipeId: number; feedback: RecipeDetailData["feedback"] }) {
  const utils = trpc.useUtils();
  const setFeedback = trpc.recipes.feedback.set.useMutation();
  const [pending, setPending] = useState<FeedbackType | null>(null);
  const mine = feedback.feedbackType;

  const send = async (type: FeedbackType) => {
    if (mine === type || pending) return;
    setPending(type);
    try {
      const result = await setFeedback.mutateAsync({ recipeId, feedbackType: type });
      utils.recipes.get.setData({ id: recipeId }, (current) => (current ? { ...current, feedback: { feedbackType: result.feedbackType, summary: result.summary } } : current));
    } catch {
      toast({ title: "Failed to save feedback", description: "Please try again.", variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="feedback-buttons" role="group" aria-label="Was this recipe helpful?">
      <Button
        variant="outline"
        size="sm"
        className={cn("feedback-button", mine === "thumbs_up" && "feedback-button--up")}
        aria-pressed={mine === "thumbs_up"}
        aria-label={`Thumbs up ${feedback.summary.thumbsUp}`}
        loading={pending === "thumbs_up"}
        disabled={pending !== null}
        onClick={() => send("thumbs_up")}
      >
        {pending !== "thumbs_up" && <ThumbUpIcon size={16} filled={mine === "thumbs_up"} />}
        <span aria-hidden="true">{feedback.summary.thumbsUp}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        className={cn("feedback-button", mine === "thumbs_down" && "feedback-button--down")}
        aria-pressed={mine === "thumbs_down"}
        aria-label={`Thumbs down ${feedback.summary.thumbsDown}`}
        loading={pending === "thumbs_down"}
        disabled={pending !== null}
        onClick={() => send("thumbs_down")}
      >
        {pending !== "thumbs_down" && <ThumbDownIcon size={16} filled={mine === "thumbs_down"} />}
        <span aria-hidden="true">{feedback.summary.thumbsDown}</span>
      </Button>
      <span className="sr-only" aria-live="polite">
        {feedback.summary.thumbsUp} thumbs up, {feedback.summary.thumbsDown} thumbs down
      </span>
    </div>
  );
}
