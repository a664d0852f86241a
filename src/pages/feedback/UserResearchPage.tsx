import { ComingSoon } from "../../components/ComingSoon";
import { FeedbackIcon } from "../../components/icons";

/** The research survey: not built yet in this release. Quick feedback works from the header. */
export function UserResearchPage() {
  return <ComingSoon feature="Help Shape Plantry" description="A short survey about how you cook and shop. Until it opens, use Feedback in the header to send us a note." icon={<FeedbackIcon size={32} />} />;
}
