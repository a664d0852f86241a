import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Dialog } from "../../components/ui/Dialog";
import { Button, buttonClass } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast } from "../../components/ui/toast-store";

/** webcal:// opens the subscribe dialog of Apple Calendar and Outlook; Google takes the https address. */
function webcalUrl(url: string): string {
  return url.replace(/^https?:/, "webcal:");
}

/**
 * The calendar feed: a secret address any calendar app can subscribe to. It is shown once when made (only a hash
 * is kept); Renew makes a new one and stops the old, Revoke stops it.
 */
export function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const status = trpc.mealPlans.feed.status.useQuery();
  const utils = trpc.useUtils();
  const renew = trpc.mealPlans.feed.renew.useMutation();
  const revoke = trpc.mealPlans.feed.revoke.useMutation();
  const [url, setUrl] = useState<string | null>(null);

  const onRenew = async () => {
    try {
      const result = await renew.mutateAsync();
      setUrl(result.url);
      await utils.mealPlans.feed.status.invalidate();
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Couldn't make a calendar link. Please try again."), variant: "destructive" });
    }
  };

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      setUrl(null);
      toast({ title: "Calendar link turned off", description: "Calendars subscribed to it will stop updating." });
      await utils.mealPlans.feed.status.invalidate();
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Couldn't turn off the calendar link. Please try again."), variant: "destructive" });
    }
  };

  const onCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Paste it into your calendar app's \"subscribe by URL\"." });
    } catch {
      toast({ title: "Couldn't copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  };

  const active = status.data?.active ?? false;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Calendar feed"
      description="See your meals in Google Calendar, Apple Calendar or Outlook: breakfast at 8:00, lunch at 12:30, snack at 15:00 and dinner at 19:00 in your time zone, each linking to its recipe."
      size="md"
    >
      <div className="stack feed-panel">
        {status.isPending ? (
          <Skeleton height={64} />
        ) : url ? (
          <>
            <label className="label" htmlFor="feed-url">
              Your private calendar link
            </label>
            <div className="feed-panel__url">
              <input id="feed-url" className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="outline" onClick={() => void onCopy()}>
                Copy
              </Button>
            </div>
            <p className="muted small">Anyone with this link can see your meal plan. It is shown only now; renew it to get a new one.</p>
            <div className="feed-panel__actions">
              <a className={buttonClass({ variant: "secondary", size: "sm" })} href={webcalUrl(url)}>
                Subscribe in your calendar app
              </a>
              <a className={buttonClass({ variant: "ghost", size: "sm" })} href={url} target="_blank" rel="noreferrer">
                Open feed
              </a>
            </div>
          </>
        ) : active ? (
          <p>
            Your calendar link is on{status.data?.createdAt ? ` since ${new Date(status.data.createdAt).toLocaleDateString()}` : ""}
            {status.data?.lastFetchedAt ? `, last read ${new Date(status.data.lastFetchedAt).toLocaleString()}` : ", not read by a calendar yet"}. For your
            safety it is shown only when made: renew it to see a new link (the old one stops working).
          </p>
        ) : (
          <p>No calendar link yet. Make one, then paste it into your calendar app.</p>
        )}
        {status.isError && (
          <p className="alert alert--danger" role="alert">
            {errorMessage(status.error, "Couldn't read your calendar link.")}
          </p>
        )}
        <div className="feed-panel__actions">
          <Button onClick={() => void onRenew()} loading={renew.isPending}>
            {active || url ? "Renew link" : "Create calendar link"}
          </Button>
          {(active || url) && (
            <Button variant="ghost" onClick={() => void onRevoke()} loading={revoke.isPending}>
              Revoke link
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
