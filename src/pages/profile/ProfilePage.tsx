import { useState } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { useAuth, displayNameOf, type AuthUser } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { Badge, Button, buttonClass, Card, CardContent, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui";
import { UserAvatar } from "../../components/layout/UserAvatar";
import { MailIcon, StarIcon } from "../../components/icons";
import { TokenUsageCard } from "./TokenUsageCard";
import { ConnectedAccounts } from "./ConnectedAccounts";
import { GeneralTab } from "./GeneralTab";
import { FoodPreferencesTab } from "./FoodPreferencesTab";
import { DataRightsCard } from "../../components/account/DataRightsCard";
import { ApiTokensCard } from "../../components/account/ApiTokensCard";
import type { ProfileTab } from "./profileLinks";
import "../../styles/profile.css";

const route = getRouteApi("/profile");

/**
 * Your Profile: the left column (avatar, name, bio, account info, membership, AI token usage, connected accounts)
 * and two tabs, General (photo, display name, bio, household and reminders) and Food Preferences.
 */
export function ProfilePage() {
  usePageTitle("Your Profile");
  const { user, isPremium } = useAuth();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [tab, setTab] = useState<ProfileTab>(search.tab ?? "general");
  // A link that names a tab opens it, also when the page is already showing another one.
  const [linkedTab, setLinkedTab] = useState(search.tab);
  if (search.tab !== linkedTab) {
    setLinkedTab(search.tab);
    if (search.tab) setTab(search.tab);
  }
  // The field a link asked for is focused once; dropping it from the address keeps a later re-render (after a
  // save) from pulling focus back.
  const focusField = tab === "food-preferences" ? search.field : undefined;
  const fieldFocused = () => void navigate({ search: (prev) => ({ ...prev, field: undefined }), replace: true, resetScroll: false });
  if (!user) return null;
  return (
    <div className="profile-page">
      <header className="page-header">
        <h1 className="page-title">Your Profile</h1>
        <p className="page-subtitle muted">Your details, your food preferences and how the app uses them.</p>
      </header>
      <div className="profile-layout">
        <aside className="profile-layout__side stack" aria-label="Account summary">
          <ProfileSummary user={user} isPremium={isPremium} />
          <MembershipCard isPremium={isPremium} />
          <TokenUsageCard />
          <ConnectedAccounts linked={user.linkedProviders} />
          <DataRightsCard user={user} />
          <ApiTokensCard headingLevel="h2" />
        </aside>
        <section className="profile-layout__main" aria-label="Profile settings">
          <Tabs value={tab} onValueChange={(next) => setTab(next as ProfileTab)}>
            <TabsList aria-label="Profile sections">
              <TabsTrigger value="general">General</TabsTrigger>
              <TabsTrigger value="food-preferences">Food Preferences</TabsTrigger>
            </TabsList>
            <TabsContent value="general">
              <GeneralTab user={user} />
            </TabsContent>
            <TabsContent value="food-preferences">
              <FoodPreferencesTab isPremium={isPremium} focusField={focusField} onFieldFocused={fieldFocused} />
            </TabsContent>
          </Tabs>
        </section>
      </div>
    </div>
  );
}

function ProfileSummary({ user, isPremium }: { user: AuthUser; isPremium: boolean }) {
  return (
    <Card className="profile-summary">
      <CardContent className="profile-summary__content">
        <UserAvatar user={user} size="lg" className="profile-summary__avatar" />
        <h2 className="profile-summary__name">{displayNameOf(user)}</h2>
        {isPremium && (
          <Badge variant="premium">
            <StarIcon size={14} /> Premium Member
          </Badge>
        )}
        <p className={user.bio?.trim() ? "profile-summary__bio" : "profile-summary__bio muted"}>{user.bio?.trim() || "Add a bio in your profile settings"}</p>
        <div className="profile-summary__info">
          <h3 className="profile-summary__label">Account Info</h3>
          <p className="profile-summary__email">
            <MailIcon size={16} /> <span>{user.email || "No email provided"}</span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function MembershipCard({ isPremium }: { isPremium: boolean }) {
  return (
    <Card className="membership-card">
      <CardHeader>
        <CardTitle as="h2">{isPremium ? "Premium" : "Free Plan"}</CardTitle>
        <CardDescription>{isPremium ? "All premium features unlocked" : "Limited features available"}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPremium ? (
          <Button variant="secondary" disabled className="btn--block">
            Active
          </Button>
        ) : (
          // The checkout path explains that paid plans are not on sale during the beta.
          <a className={buttonClass({ className: "btn--block" })} href="/api/subscription/create-checkout">
            Upgrade to Premium
          </a>
        )}
      </CardContent>
    </Card>
  );
}
