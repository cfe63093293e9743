/**
 * The plan step of signup (decision 081): activation answers a short-lived token that lets a new
 * client pick a plan and pay before the first sign-in. It is kept for this tab only (sessionStorage)
 * and dropped once the step ends (plan chosen and confirmed, or a sign-in).
 */
const key = 'mindledger.signup-plan';

export const signupPlanPath = '/subscription/signup';
export const signupCheckoutPath = (sessionId: string) =>
  `${signupPlanPath}/checkout/${encodeURIComponent(sessionId)}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export const signupStep = {
  save(token: string): void {
    storage()?.setItem(key, token);
  },
  token(): string | null {
    return storage()?.getItem(key) ?? null;
  },
  clear(): void {
    storage()?.removeItem(key);
  },
};
