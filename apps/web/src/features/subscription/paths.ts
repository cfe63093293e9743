/** The plan page, 'Choose Your Plan' (Part 2 §2: its path contains /subscription). */
export const subscriptionPath = '/subscription';

/** The local billing provider's hosted checkout page (ruling 11). */
export const checkoutPath = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}`;
