import { ComingSoon } from "../../components/ComingSoon";
import { UserIcon } from "../../components/icons";

/** The profile screen: not built yet in this release. */
export function ProfilePage() {
  return <ComingSoon feature="Your Profile" description="Set your photo, display name, bio and food preferences so suggestions fit the way you eat." icon={<UserIcon size={32} />} />;
}
