import { LogoMark } from "./Logo";

/** The full-screen "Loading..." shown while the current-user call runs, so no screen flashes as signed out. */
export function FullScreenLoading() {
  return (
    <div className="fullscreen-loading" role="status" aria-live="polite">
      <LogoMark size={48} />
      <span className="spinner spinner--lg" aria-hidden="true" />
      <p className="fullscreen-loading__text">Loading...</p>
    </div>
  );
}
