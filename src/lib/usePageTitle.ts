import { useEffect } from "react";

export const APP_NAME = "Plantry";

/** Sets document.title to "<title> · Plantry" while the page is shown. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} · Smart kitchen & pantry`;
  }, [title]);
}
