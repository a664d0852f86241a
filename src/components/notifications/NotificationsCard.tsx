import { Link } from "@tanstack/react-router";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { Button, buttonClass } from "../ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/Card";
import { Skeleton } from "../ui/Skeleton";
import { toast } from "../ui/toast-store";
import { cn } from "../ui/cn";
import { ChefHatIcon, CloseIcon } from "../icons";
import { EXPIRING_SOON_DAYS } from "../../../worker/domain/expiry";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import "../../styles/insights.css";

type AppNotification = RouterOutputs["notifications"]["list"]["notifications"][number];

/** Reminders are re-read now and then: the cron job writes them once each morning. */
const NOTIFICATIONS_STALE_MS = 60_000;

function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString("en-US", { weekday: "long", month: "short", day: "numeric", timeZone: "UTC" });
}

/**
 * The expiry reminders the morning job wrote (newest first): the items, a recipe that uses them, and a dismiss
 * button each. Dismissed ones are not shown. Above them, what is expiring soon right now, so the card never says
 * "all caught up" while food is expiring.
 */
export function NotificationsCard({ className }: { className?: string }) {
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { staleTime: NOTIFICATIONS_STALE_MS });
  const onError = () => toast({ title: "Error", description: "Could not dismiss the reminder", variant: "destructive" });
  const dismiss = trpc.notifications.dismiss.useMutation({ onSuccess: () => utils.notifications.list.invalidate(), onError });
  const dismissAll = trpc.notifications.dismissAll.useMutation({ onSuccess: () => utils.notifications.list.invalidate(), onError });
  const open = (list.data?.notifications ?? []).filter((n) => !n.dismissed);
  const expiring = list.data?.expiringSoon ?? { count: 0, expired: 0 };

  return (
    <Card className={cn("notifications-card", className)}>
      <CardHeader className="notifications-card__header">
        <div>
          <CardTitle as="h2">
            Notifications
            {open.length > 0 && <span className="count-pill">{open.length}</span>}
          </CardTitle>
          <CardDescription>Your daily expiry reminders.</CardDescription>
        </div>
        {open.length > 1 && (
          <Button variant="ghost" size="sm" onClick={() => dismissAll.mutate()} loading={dismissAll.isPending}>
            Dismiss all
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div className="stack">
            <Skeleton height={18} width="80%" />
            <Skeleton height={14} width="60%" />
          </div>
        ) : list.isError ? (
          <div className="cluster">
            <p className="muted small">Couldn't load your reminders.</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {expiring.count > 0 && <ExpiringNow count={expiring.count} expired={expiring.expired} />}
            {open.length === 0 ? (
              <p className="notifications-card__empty">
                {expiring.count > 0
                  ? "No reminders yet today. Each morning we'll list what is about to expire here, with a recipe idea to use it."
                  : "You're all caught up. Each morning we'll list anything about to expire here, with a recipe idea to use it."}
              </p>
            ) : (
              <ul role="list" className="notification-list">
                {open.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onDismiss={() => dismiss.mutate({ id: notification.id })} dismissing={dismiss.isPending && dismiss.variables?.id === notification.id} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** What is expiring soon right now (the dashboard card's rule), with the link to those items. */
function ExpiringNow({ count, expired }: { count: number; expired: number }) {
  const soon = count - expired;
  const parts = [expired > 0 ? `${items(expired)} expired` : null, soon > 0 ? `${items(soon)} due within ${EXPIRING_SOON_DAYS} days` : null].filter(Boolean);
  return (
    <div className="alert alert--warning notifications-card__now" role="status">
      <p>
        <strong>Right now:</strong> {parts.join(" and ")}.
      </p>
      <Link to="/pantry" search={{ filter: "expiring" }} className={buttonClass({ variant: "outline", size: "sm" })}>
        See {count === 1 ? "it" : "them"}
      </Link>
    </div>
  );
}

function NotificationItem({ notification, onDismiss, dismissing }: { notification: AppNotification; onDismiss: () => void; dismissing: boolean }) {
  const headingId = `notification-${notification.id}`;
  return (
    <li className={cn("notification", dismissing && "is-busy")} aria-labelledby={headingId}>
      <div className="notification__head">
        <div>
          <h3 id={headingId} className="notification__title">
            {notification.title}
          </h3>
          <p className="notification__day">{formatDay(notification.day)}</p>
        </div>
        <button type="button" className="icon-button notification__dismiss" aria-label={`Dismiss "${notification.title}"`} onClick={onDismiss} disabled={dismissing}>
          <CloseIcon size={16} />
        </button>
      </div>
      <p className="notification__body">{notification.body}</p>
      {notification.items.length > 0 && (
        <ul role="list" className="notification__items" aria-label="Items">
          {notification.items.slice(0, 6).map((item) => (
            <li key={item.id} className="notification__item">
              <span aria-hidden="true">{emojiFor(item.name)}</span> {item.name}
            </li>
          ))}
        </ul>
      )}
      <div className="notification__actions">
        {notification.recipe && (
          <Link to="/recipes/$id" params={{ id: String(notification.recipe.id) }} className={buttonClass({ variant: "secondary", size: "sm" })}>
            <ChefHatIcon size={16} />
            Cook {notification.recipe.title}
          </Link>
        )}
        <Link to="/pantry" search={{ filter: "expiring" }} className={buttonClass({ variant: "ghost", size: "sm" })}>
          See items
        </Link>
      </div>
    </li>
  );
}
