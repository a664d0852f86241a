/** Names and dates the whole client shows, each defined once. */

export const COMPANY_NAME = "Plantry LLC";
export const APP_VERSION_LABEL = "v1.0 Beta";

/** The copyright year in every footer: the current year, read when the footer draws, so it never goes stale. */
export const copyrightYear = (now = new Date()) => now.getFullYear();

/** When the terms and the privacy policy last changed (the data-rights sections). */
export const LEGAL_LAST_UPDATED = "November 23, 2026";

export const copyrightLine = () => `© ${copyrightYear()} ${COMPANY_NAME}. All rights reserved.`;
