import { useState } from "react";
import { cn } from "../ui/cn";
import { displayNameOf, userInitials, type AuthUser } from "../../lib/auth";

type UserAvatarProps = {
  user: Pick<AuthUser, "firstName" | "lastName" | "displayName" | "username" | "profileImageUrl"> | null;
  size?: "sm" | "md" | "lg";
  className?: string;
};

/** The profile photo, or the user's initials when there is none or it fails to load. */
export function UserAvatar({ user, size = "sm", className }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = user?.profileImageUrl ?? null;
  const showImage = url !== null && failedUrl !== url;
  return (
    <span className={cn("avatar", `avatar--${size}`, className)}>
      {showImage ? (
        <img src={url} alt="" className="avatar__image" onError={() => setFailedUrl(url)} />
      ) : (
        // Drawn by CSS from the attribute: the initials are a picture of the name, so links around the avatar keep their own label.
        <span className="avatar__initials" data-initials={userInitials(user)} aria-hidden="true" />
      )}
      <span className="sr-only">{displayNameOf(user)}</span>
    </span>
  );
}
