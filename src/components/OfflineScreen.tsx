import { Button } from "./ui/Button";
import { WifiOffIcon } from "./icons";
import { usePageTitle } from "../lib/usePageTitle";

/**
 * Shown when the app starts without a connection and cannot ask who is signed in: saying so plainly is better
 * than showing the signed-out landing page to someone who is signed in. It goes away when the connection returns.
 */
export function OfflineScreen() {
  usePageTitle("Offline");
  return (
    <main id="main" className="offline-screen">
      <div className="offline-screen__card">
        <span className="offline-screen__icon" aria-hidden="true">
          <WifiOffIcon size={32} />
        </span>
        <h1 className="offline-screen__title">You're offline</h1>
        <p className="offline-screen__text">Plantry can't reach its server, so your pantry and recipes can't load right now. Nothing has been lost: they'll be here when you reconnect.</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </div>
    </main>
  );
}
