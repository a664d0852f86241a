import { ComingSoon } from "../../components/ComingSoon";
import { UserIcon } from "../../components/icons";
import { ReminderSettings } from "../../components/notifications/ReminderSettings";
import { ApiTokensCard } from "../../components/account/ApiTokensCard";

/** The profile screen: expiry-reminder settings now; photo, bio and food preferences come in a later release. */
export function ProfilePage() {
  return (
    <div className="stack">
      <ComingSoon
        feature="Your Profile"
        description="Photo, display name, bio and food preferences are coming in this release. Your expiry reminders can be set below."
        icon={<UserIcon size={32} />}
      />
      <ReminderSettings headingLevel="h2" />
      <ApiTokensCard headingLevel="h2" />
    </div>
  );
}
