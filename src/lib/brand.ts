/** Names and dates the whole client shows, each defined once. */

export const COMPANY_NAME = "Plantry LLC";
export const APP_VERSION_LABEL = "v1.0 Beta";

/** The copyright year in every footer and legal page: one constant, moved forward once a year. */
export const COPYRIGHT_YEAR = 2026;

/** When the terms and the privacy policy last changed (the data-rights sections). */
export const LEGAL_LAST_UPDATED = "November 23, 2026";

export const copyrightLine = () => `© ${COPYRIGHT_YEAR} ${COMPANY_NAME}. All rights reserved.`;
