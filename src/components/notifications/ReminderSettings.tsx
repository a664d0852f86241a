import { useEffect, useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { browserTimeZone } from "../../lib/auth";
import { errorMessage } from "../../lib/api";
import { Button } from "../ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/Card";
import { Checkbox } from "../ui/Checkbox";
import { Field } from "../ui/Field";
import { Select, type SelectOption } from "../ui/Select";
import { Skeleton } from "../ui/Skeleton";
import { toast } from "../ui/toast-store";
import { cn } from "../ui/cn";
import { DEFAULT_REMINDER_LEAD_DAYS, REMINDER_LEAD_DAYS_MAX, REMINDER_LEAD_DAYS_MIN } from "../../../worker/domain/expiry";
import { browserSupportsPush, currentPushSubscription, subscribeToPush, unsubscribeFromPush } from "./webPushClient";
import "../../styles/insights.css";

const LEAD_OPTIONS: SelectOption[] = Array.from({ length: REMINDER_LEAD_DAYS_MAX - REMINDER_LEAD_DAYS_MIN + 1 }, (_, i) => {
  const days = REMINDER_LEAD_DAYS_MIN + i;
  const label = days === 0 ? "On the day it expires" : days === 1 ? "1 day before" : `${days} days before`;
  return { value: String(days), label: days === DEFAULT_REMINDER_LEAD_DAYS ? `${label} (default)` : label };
});

/** Every IANA zone the browser knows, or a short list when Intl.supportedValuesOf is missing. */
function allTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
}

type ReminderSettingsProps = {
  className?: string;
  /** Heading level of the card title (h2 on the dashboard). */
  headingLevel?: "h2" | "h3";
};

/**
 * Expiry reminder settings: on/off, how many days ahead (0-7, default 2), the time zone whose morning they arrive
 * in, and browser push notifications. Each change is saved at once. Reusable on the profile screen.
 */
export function ReminderSettings({ className, headingLevel = "h2" }: ReminderSettingsProps) {
  const utils = trpc.useUtils();
  const settings = trpc.notifications.settings.useQuery();
  const update = trpc.notifications.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.notifications.settings.setData(undefined, saved);
      void utils.auth.me.invalidate();
      toast({ title: "Reminder settings saved" });
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not save reminder settings"), variant: "destructive" }),
  });
  const browserZone = browserTimeZone();
  const zones = useMemo(() => {
    const list = allTimeZones();
    const current = settings.data?.timeZone;
    // The stored zone and this device's zone stay selectable even if this browser does not list them (Chromium
    // reports "UTC" but leaves it out of its list, so a user who picked another zone could never go back).
    const extra = [current, browserZone].filter((zone): zone is string => Boolean(zone));
    return [...new Set([...extra, ...list])].sort((a, b) => a.localeCompare(b));
  }, [settings.data?.timeZone, browserZone]);
  const zoneOptions: SelectOption[] = zones.map((zone) => ({
    value: zone,
    label: zone === browserZone ? `${zone.replace(/_/g, " ")} (this device)` : zone.replace(/_/g, " "),
  }));

  return (
    <Card className={cn("reminder-settings", className)}>
      <CardHeader>
        <CardTitle as={headingLevel}>Expiry reminders</CardTitle>
        <CardDescription>A morning note listing what is about to expire, with a recipe that uses it.</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {settings.isPending ? (
          <>
            <Skeleton height={20} width="70%" />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </>
        ) : settings.isError ? (
          <div className="stack">
            <p className="muted small">Couldn't load your reminder settings.</p>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Checkbox
              label="Send me expiry reminders"
              checked={settings.data.remindersEnabled}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ remindersEnabled: e.target.checked })}
            />
            <Field label="Remind me" hint="Items expiring within this many days are listed.">
              {(p) => (
                <Select
                  {...p}
                  value={String(settings.data.reminderLeadDays)}
                  options={LEAD_OPTIONS}
                  disabled={!settings.data.remindersEnabled || update.isPending}
                  onChange={(e) => update.mutate({ reminderLeadDays: Number(e.target.value) })}
                />
              )}
            </Field>
            <Field label="Time zone" hint="Reminders arrive after 7 am in this time zone.">
              {(p) => (
                <Select {...p} value={settings.data.timeZone} options={zoneOptions} disabled={update.isPending} onChange={(e) => update.mutate({ timeZone: e.target.value })} />
              )}
            </Field>
            {browserZone && browserZone !== settings.data.timeZone && zones.includes(browserZone) && (
              <p className="reminder-settings__suggest">
                This device is set to {browserZone.replace(/_/g, " ")}.{" "}
                <Button variant="link" size="sm" onClick={() => update.mutate({ timeZone: browserZone })} disabled={update.isPending}>
                  Use it
                </Button>
              </p>
            )}
            <PushSetting pushAvailable={settings.data.pushAvailable} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type PushState = "checking" | "off" | "on" | "working";

/** "Enable browser notifications": hidden, with the reason, when the server or the browser cannot do push. */
function PushSetting({ pushAvailable }: { pushAvailable: boolean }) {
  const supported = browserSupportsPush();
  const key = trpc.notifications.pushPublicKey.useQuery(undefined, { enabled: pushAvailable && supported, staleTime: Infinity });
  const subscribe = trpc.notifications.subscribe.useMutation();
  const unsubscribe = trpc.notifications.unsubscribe.useMutation();
  const [state, setState] = useState<PushState>("checking");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!supported || !pushAvailable) return;
    let cancelled = false;
    currentPushSubscription()
      .then((subscription) => !cancelled && setState(subscription ? "on" : "off"))
      .catch(() => !cancelled && setState("off"));
    return () => {
      cancelled = true;
    };
  }, [supported, pushAvailable]);

  if (!pushAvailable || (key.isSuccess && !key.data.publicKey)) {
    return <p className="reminder-settings__push-note">Browser notifications aren't set up on this server yet; your reminders appear here on the dashboard.</p>;
  }
  if (!supported) {
    return <p className="reminder-settings__push-note">This browser can't receive push notifications; your reminders appear here on the dashboard.</p>;
  }

  const enable = async () => {
    if (!key.data?.publicKey) return;
    setProblem(null);
    setState("working");
    try {
      const payload = await subscribeToPush(key.data.publicKey);
      await subscribe.mutateAsync(payload);
      setState("on");
      toast({ title: "Browser notifications on", description: "We'll send your expiry reminders to this browser." });
    } catch (error) {
      setState("off");
      setProblem(errorMessage(error, "Could not turn on browser notifications."));
    }
  };

  const disable = async () => {
    setProblem(null);
    setState("working");
    try {
      const endpoint = await unsubscribeFromPush();
      if (endpoint) await unsubscribe.mutateAsync({ endpoint });
      setState("off");
    } catch (error) {
      setState("on");
      setProblem(errorMessage(error, "Could not turn off browser notifications."));
    }
  };

  return (
    <div className="reminder-settings__push">
      {state === "on" ? (
        <>
          <p className="reminder-settings__push-status" role="status">
            <span className="status-dot" aria-hidden="true" />
            Browser notifications are on for this device.
          </p>
          <Button variant="outline" size="sm" onClick={() => void disable()}>
            Turn off
          </Button>
        </>
      ) : (
        <Button variant="outline" onClick={() => void enable()} loading={state === "working" || state === "checking" || key.isPending}>
          Enable browser notifications
        </Button>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
