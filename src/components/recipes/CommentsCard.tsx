import { useId, useRef, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Skeleton, Textarea, toast, cn } from "../ui";
import { addCommentInput, RECIPE_LIMITS } from "../../../worker/schemas/recipes";
import { StarShapeIcon, TrashIcon } from "./recipeIcons";
import { formatDate } from "./recipeFormat";

const MAX_RATING = 5;
const DEFAULT_RATING = 5;
const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** A 1-5 star picker: a native radio group (arrow keys move between stars), drawn as stars. */
export function StarRatingInput({ value, onChange, disabled }: { value: number; onChange: (value: number) => void; disabled?: boolean }) {
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset className="star-rating" disabled={disabled} onMouseLeave={() => setHover(null)}>
      <legend className="label">Rating</legend>
      <div className="star-rating__stars">
        {Array.from({ length: MAX_RATING }, (_, i) => i + 1).map((n) => (
          <label key={n} className={cn("star-rating__star", n <= shown && "star-rating__star--on")} onMouseEnter={() => setHover(n)}>
            <input type="radio" className="star-rating__input" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <StarShapeIcon size={26} filled={n <= shown} />
            <span className="sr-only">
              {n} star{n === 1 ? "" : "s"}
            </span>
          </label>
        ))}
        <span className="star-rating__word" aria-hidden="true">
          {RATING_WORDS[shown]}
        </span>
      </div>
    </fieldset>
  );
}

/** Read-only stars with the rating as text for screen readers. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <StarShapeIcon key={i} size={size} filled={i < Math.round(rating)} className={i < Math.round(rating) ? "stars__on" : "stars__off"} />
      ))}
    </span>
  );
}

/** Comments with ratings: the user's notes on this recipe, newest first; add and delete. */
export function CommentsCard({ recipeId }: { recipeId: number }) {
  const utils = trpc.useUtils();
  const comments = trpc.recipes.comments.list.useQuery({ recipeId });
  const addComment = trpc.recipes.comments.add.useMutation();
  const deleteComment = trpc.recipes.comments.delete.useMutation();
  const [text, setText] = useState("");
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  // A deleted comment takes its focused delete button with it: keep keyboard users in this card, at its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = comments.data ?? [];
  const average = list.length ? list.reduce((sum, c) => sum + c.rating, 0) / list.length : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = addCommentInput.safeParse({ recipeId, comment: text, rating });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === "comment")?.message ?? parsed.error.issues[0]?.message ?? "Please write a comment");
      return;
    }
    setError(null);
    try {
      await addComment.mutateAsync(parsed.data);
      setText("");
      setRating(DEFAULT_RATING);
      await utils.recipes.comments.list.invalidate({ recipeId });
    } catch {
      toast({ title: "Failed to add comment", description: "Please try again.", variant: "destructive" });
    }
  };

  const remove = async (id: number) => {
    setDeleting(id);
    try {
      await deleteComment.mutateAsync({ id });
      headingRef.current?.focus();
      await utils.recipes.comments.list.invalidate({ recipeId });
    } catch {
      toast({ title: "Failed to delete comment", description: "Please try again.", variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card className="comments-card">
      <CardHeader>
        <CardTitle as="h2" ref={headingRef} tabIndex={-1}>
          Comments
        </CardTitle>
        <CardDescription>
          {average !== null ? (
            <span className="comments-card__average">
              <Stars rating={average} size={14} /> {average.toFixed(1)} from {list.length} rating{list.length === 1 ? "" : "s"}
            </span>
          ) : (
            "Notes for next time: what worked, what you changed."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <form className="comment-form" onSubmit={submit} noValidate>
          <fieldset disabled={addComment.isPending} className="stack">
            <StarRatingInput value={rating} onChange={setRating} />
            <Field label="Your comment" error={error}>
              {(p) => (
                <Textarea
                  {...p}
                  rows={3}
                  maxLength={RECIPE_LIMITS.commentMax}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="How did it turn out?"
                />
              )}
            </Field>
            <div className="comment-form__actions">
              <Button type="submit" loading={addComment.isPending}>
                {addComment.isPending ? "Posting..." : "Add Comment"}
              </Button>
            </div>
          </fieldset>
        </form>

        {comments.isLoading ? (
          <div className="stack" aria-hidden="true">
            <Skeleton height="3.5rem" />
            <Skeleton height="3.5rem" />
          </div>
        ) : comments.error ? (
          <p className="field__error">Could not load comments.</p>
        ) : list.length === 0 ? (
          <p className="muted small">No comments yet. Be the first to rate this recipe.</p>
        ) : (
          <ul role="list" className="comment-list" aria-label="Comments">
            {list.map((c) => (
              <li key={c.id} className="comment">
                <div className="comment__top">
                  <Stars rating={c.rating} />
                  <time className="comment__date" dateTime={c.createdAt}>
                    {formatDate(c.createdAt)}
                  </time>
                  <Button variant="ghost" size="icon" className="comment__delete" aria-label="Delete comment" loading={deleting === c.id} onClick={() => remove(c.id)}>
                    {deleting !== c.id && <TrashIcon size={16} />}
                  </Button>
                </div>
                <p className="comment__text">{c.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
