import { ComingSoon } from "../../components/ComingSoon";
import { FeedbackIcon } from "../../components/icons";

/** The feedback test page: not built yet in this release. */
export function FeedbackTestPage() {
  return <ComingSoon feature="Feedback Test" description="A page to try the feedback buttons and check that messages reach the team." icon={<FeedbackIcon size={32} />} />;
}
