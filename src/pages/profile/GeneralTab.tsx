import { useId, useRef, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import type { AuthUser } from "../../lib/auth";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Select, Textarea, toast, type SelectOption } from "../../components/ui";
import { UserAvatar } from "../../components/layout/UserAvatar";
import { CameraIcon } from "../../components/icons";
import { ReminderSettings } from "../../components/notifications/ReminderSettings";
import { PROFILE_LIMITS, PROFILE_MESSAGES, PROFILE_PHOTO_ACCEPT, profileFormSchema, profilePhotoForm, profilePhotoProblem } from "../../../worker/schemas/profile";

const HOUSEHOLD_OPTIONS: SelectOption[] = [
  { value: "", label: "Not set" },
  ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: i === 0 ? "1 person" : `${i + 1} people` })),
];

/** General Information: the photo, display name, bio and household size, then the expiry reminder settings. */
export function GeneralTab({ user }: { user: AuthUser }) {
  return (
    <div className="stack">
      <Card>
        <CardHeader>
          <CardTitle as="h2">General Information</CardTitle>
          <CardDescription>How you appear in Plantry.</CardDescription>
        </CardHeader>
        <CardContent className="stack">
          <PhotoUploader user={user} />
          <GeneralForm user={user} />
        </CardContent>
      </Card>
      <ReminderSettings headingLevel="h2" />
    </div>
  );
}

function PhotoUploader({ user }: { user: AuthUser }) {
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const refresh = () => Promise.all([utils.auth.me.invalidate(), utils.profile.get.invalidate()]);
  const upload = trpc.profile.uploadImage.useMutation({
    onSuccess: async () => {
      await refresh();
      toast({ title: "Photo updated", description: "Your new profile photo is saved." });
    },
    onError: (error) => toast({ title: PROFILE_MESSAGES.uploadFailedTitle, description: errorMessage(error, PROFILE_MESSAGES.uploadFailedFallback), variant: "destructive" }),
  });
  const remove = trpc.profile.deleteImage.useMutation({
    onSuccess: async () => {
      await refresh();
      toast({ title: "Photo removed" });
    },
    onError: (error) => toast({ title: PROFILE_MESSAGES.deleteFailedTitle, description: errorMessage(error, PROFILE_MESSAGES.deleteFailedFallback), variant: "destructive" }),
  });

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = profilePhotoProblem(file);
    if (problem === "invalidType") toast({ title: PROFILE_MESSAGES.photoInvalidTypeTitle, description: "Please choose a JPEG, PNG or WebP image.", variant: "destructive" });
    else if (problem === "tooLarge") toast({ title: PROFILE_MESSAGES.photoTooLargeTitle, description: "Please choose an image smaller than 5MB.", variant: "destructive" });
    else upload.mutate(profilePhotoForm(file, file.name));
    if (input.current) input.current.value = "";
  };

  return (
    <div className="photo-uploader">
      <UserAvatar user={user} size="lg" className="photo-uploader__avatar" />
      <div className="stack photo-uploader__controls">
        <p className="label">Profile photo</p>
        <div className="cluster">
          <input ref={input} type="file" accept={PROFILE_PHOTO_ACCEPT} className="sr-only" id="profile-photo-input" aria-label="Profile photo" tabIndex={-1} aria-describedby={hintId} onChange={(e) => onFile(e.target.files?.[0])} />
          <Button variant="outline" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
            <CameraIcon size={16} /> {user.profileImageUrl ? "Change photo" : "Upload photo"}
          </Button>
          {user.profileImageUrl && (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove
            </Button>
          )}
        </div>
        <p id={hintId} className="field__hint">
          JPEG, PNG or WebP, up to 5 MB.
        </p>
      </div>
    </div>
  );
}

function GeneralForm({ user }: { user: AuthUser }) {
  const utils = trpc.useUtils();
  const [displayName, setDisplayName] = useState(user.displayName ?? "");
  const [bio, setBio] = useState(user.bio ?? "");
  const [household, setHousehold] = useState(user.householdSize ? String(user.householdSize) : "");
  const [errors, setErrors] = useState<{ displayName?: string; bio?: string }>({});
  const save = trpc.profile.update.useMutation({
    onSuccess: (saved) => {
      utils.auth.me.setData(undefined, (current) => (current ? { ...current, ...saved } : saved));
      void utils.profile.get.invalidate();
      toast({ title: PROFILE_MESSAGES.updatedTitle, description: PROFILE_MESSAGES.updatedDescription });
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, PROFILE_MESSAGES.updateFailed), variant: "destructive" }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = profileFormSchema.safeParse({ displayName, bio });
    if (!checked.success) {
      const next: typeof errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate({ displayName: checked.data.displayName, bio: checked.data.bio ?? "", householdSize: household ? Number(household) : null });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field label="Display Name" hint="The name shown to other users." error={errors.displayName}>
        {(p) => <Input {...p} value={displayName} maxLength={PROFILE_LIMITS.displayNameMax + 10} autoComplete="nickname" onChange={(e) => setDisplayName(e.target.value)} />}
      </Field>
      <Field label="Bio" hint={`Max ${PROFILE_LIMITS.bioMax} characters (${bio.trim().length}/${PROFILE_LIMITS.bioMax}).`} error={errors.bio}>
        {(p) => <Textarea {...p} rows={3} value={bio} onChange={(e) => setBio(e.target.value)} />}
      </Field>
      <Field label="Household size" hint="How many people you usually cook for; the companion scales recipes to it.">
        {(p) => <Select {...p} value={household} options={HOUSEHOLD_OPTIONS} onChange={(e) => setHousehold(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}
