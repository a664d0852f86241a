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
        <span className="avatar__initials" aria-hidden="true">
          {userInitials(user)}
        </span>
      )}
      <span className="sr-only">{displayNameOf(user)}</span>
    </span>
  );
}
