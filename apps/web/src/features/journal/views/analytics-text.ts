/** Texts of the statistics card, shared with the home page's placeholder (no chart code needed). */
export const analyticsFetchFailed = 'analytics fetch failed';
export const noCheckInsText = 'No check-ins in this period yet.';
