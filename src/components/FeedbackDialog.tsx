import { Link } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { Dialog } from "./ui/Dialog";
import { Button } from "./ui/Button";
import { Field } from "./ui/Field";
import { Textarea } from "./ui/Textarea";
import { useToast } from "./ui/toast-store";
import { trpc, type RouterInputs } from "../lib/trpc";

/** The quick feedback note with where it was written from. */
export type FeedbackPayload = RouterInputs["engagement"]["sendFeedback"];

type FeedbackDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** "Send Feedback": a quick note (engagement.sendFeedback), with a link to the detailed research form. */
export function FeedbackDialog({ open, onOpenChange }: FeedbackDialogProps) {
  const { toast } = useToast();
  const [feedback, setFeedback] = useState("");
  const send = trpc.engagement.sendFeedback.useMutation();
  const sending = send.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = feedback.trim();
    if (!text) {
      toast({ title: "Please enter your feedback", description: "We'd love to hear what you think!", variant: "destructive" });
      return;
    }
    try {
      const payload: FeedbackPayload = {
        feedback: text,
        page: window.location.pathname,
        userAgent: navigator.userAgent,
        timestamp: new Date().toISOString(),
      };
      await send.mutateAsync(payload);
      toast({ title: "Feedback sent!", description: "Thanks for helping us improve Plantry. We'll review it soon." });
      setFeedback("");
      onOpenChange(false);
    } catch (error) {
      console.warn("Feedback failed", error);
      toast({ title: "Error sending feedback", description: "Please try again later or contact support directly.", variant: "destructive" });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Send Feedback" description="Tell us what works, what doesn't, and what you'd love to see.">
      <form onSubmit={submit} className="stack" noValidate>
        <Field label="Your feedback">
          {(control) => (
            <Textarea
              {...control}
              value={feedback}
              onChange={(e) => setFeedback(e.target.value)}
              placeholder="What's on your mind?"
              rows={5}
              maxLength={5000}
            />
          )}
        </Field>
        <p className="muted small">
          Want to share more?{" "}
          <Link to="/user-research" onClick={() => onOpenChange(false)}>
            Fill out our detailed research form
          </Link>
          .
        </p>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            {sending ? "Sending..." : "Send Quick Feedback"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
