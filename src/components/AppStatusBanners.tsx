import { useSyncExternalStore } from "react";
import { Button } from "./ui/Button";
import { RefreshIcon, WifiOffIcon } from "./icons";
import { dismissUpdate, useUpdateAvailable } from "../lib/versionCheck";

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/**
 * Two notices every page can show: that the device is offline (what is on screen stays, nothing is saved until
 * the connection is back; the app never pretends a save worked) and that a new version is live, with Reload.
 */
export function AppStatusBanners() {
  const online = useOnline();
  const updateAvailable = useUpdateAvailable();
  return (
    <div className="status-banners" role="region" aria-label="App status">
      <div aria-live="polite">
        {!online && (
          <p className="status-banner status-banner--offline">
            <WifiOffIcon size={18} />
            <span>
              <strong>You're offline.</strong> You can still read what's on screen; changes can't be saved until you reconnect.
            </span>
          </p>
        )}
      </div>
      <div aria-live="polite">
        {updateAvailable && (
          <div className="status-banner status-banner--update">
            <RefreshIcon size={18} />
            <p>
              <strong>A new version of Plantry is available.</strong> Reload to get the latest improvements.
            </p>
            <div className="status-banner__actions">
              <Button size="sm" onClick={() => window.location.reload()}>
                Reload
              </Button>
              <Button size="sm" variant="ghost" onClick={dismissUpdate}>
                Not now
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
