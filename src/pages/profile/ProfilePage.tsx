import { ComingSoon } from "../../components/ComingSoon";
import { UserIcon } from "../../components/icons";
import { ReminderSettings } from "../../components/notifications/ReminderSettings";
import { DataRightsCard } from "../../components/account/DataRightsCard";
import { useAuth } from "../../lib/auth";

/**
 * The profile screen: expiry-reminder settings and "Your data" (download, import, delete) now; photo, bio and food
 * preferences come in a later release. DataRightsCard is self-contained: keep it mounted in the new layout.
 */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <div className="stack">
      <ComingSoon
        feature="Your Profile"
        description="Photo, display name, bio and food preferences are coming in this release. Your expiry reminders and your data are below."
        icon={<UserIcon size={32} />}
      />
      <ReminderSettings headingLevel="h2" />
      {user && <DataRightsCard user={user} />}
    </div>
  );
}
