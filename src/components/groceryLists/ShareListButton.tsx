import { Button, toast } from "../ui";
import { ShareIcon } from "./groceryIcons";

/** Shares the list as plain text: the phone's share sheet (Web Share API), else a copy to the clipboard. */
export function ShareListButton({ title, text }: { title: string; text: () => string }) {
  async function share() {
    const body = text();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: body });
        return;
      } catch (error) {
        // The user closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(body);
      toast({ title: "List copied", description: "Paste it into a message or a note." });
    } catch {
      toast({ title: "Could not share the list", description: "Your browser blocked sharing and copying.", variant: "destructive" });
    }
  }
  return (
    <Button variant="outline" onClick={() => void share()}>
      <ShareIcon /> Share
    </Button>
  );
}
