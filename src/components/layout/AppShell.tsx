import { useState, type ReactNode } from "react";
import { AppHeader } from "./AppHeader";
import { AppFooter } from "./AppFooter";
import { MobileTabBar } from "./MobileTabBar";
import { HelpDialog } from "../HelpDialog";
import { FeedbackDialog } from "../FeedbackDialog";
import type { AuthUser } from "../../lib/auth";

/** The signed-in frame: header, main content, footer, mobile tab bar, and the Help and Feedback dialogs. */
export function AppShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppHeader user={user} onOpenHelp={() => setHelpOpen(true)} onOpenFeedback={() => setFeedbackOpen(true)} />
      <main id="main" className="app-main" tabIndex={-1}>
        <div className="container">{children}</div>
      </main>
      <AppFooter />
      <MobileTabBar />
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} onOpenFeedback={() => setFeedbackOpen(true)} />
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </div>
  );
}
