import 'altcha';
import { useEffect, useRef } from 'react';
import { resolveUrl } from '../../api/client';
import { subscriptionApi } from './api';
import classes from './subscription.module.css';

/**
 * The plan modal's captcha (Part 2 §4 Promo code entry): ALTCHA, a proof of work solved in the
 * browser against a challenge signed by our server (decision 078). Nothing is fetched from another
 * site: the challenge comes from GET /api/v1/subscription/captcha through the app's one fetch client
 * (bearer token, one refresh on a 401), and the ALTCHA logo and footer link are hidden. This module
 * (the widget is ~35 KB gzipped) loads only when a plan modal shows the promo entry.
 */
async function challengeFetch(): Promise<Response> {
  const challenge = await subscriptionApi.captcha();
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

globalThis.$altcha.defaults.set({
  fetch: challengeFetch as typeof fetch,
  hideFooter: true,
  hideLogo: true,
  humanInteractionSignature: false,
});

const challengeUrl = resolveUrl('subscription/captcha');

export interface CaptchaWidgetProps {
  /** The solved payload (the captchaToken of validate-promo), or null while unsolved or expired. */
  onChange: (token: string | null) => void;
}

/** Mount a new one (a new React key) to start over: a solved challenge is accepted once. */
export default function CaptchaWidget({ onChange }: CaptchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onChange);

  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', challengeUrl);
    widget.setAttribute('auto', 'off');
    widget.setAttribute('name', 'captchaToken');
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      latest.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onState);
    container.appendChild(widget);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.remove();
    };
  }, []);

  return <div ref={host} className={classes.captcha} data-testid="captcha" />;
}
