import { lazy, Suspense, useState } from 'react';
import { Button, Group, Input, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconDiscountCheck, IconX } from '@tabler/icons-react';
import { normalizePromoCode, promoMessages, type PlanId, type PlanInterval } from '@mindledger/domain';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth';
import { subscriptionApi, type AppliedPromo } from './api';
import { toastFailure } from './messages';
import { priceLabel, promoDiscountText } from './plan-view';

const CaptchaWidget = lazy(() => import('./CaptchaWidget'));

export interface PromoEntryProps {
  planType: PlanId;
  interval: PlanInterval;
  /** The promo applied so far (locked), with the captcha that checked it, or null. */
  applied: AppliedPromo | null;
  onAppliedChange: (promo: AppliedPromo | null) => void;
}

/**
 * Promo entry on the plan modal (Part 2 §4 'Entered, captcha solved, applied (locked, can be
 * removed)', §5): a non-empty code and a solved captcha are needed; validate-promo answers whether
 * the code applies to this plan. The captcha it accepted goes with the applied code to the checkout
 * or upgrade, where the server accepts it again for that code only.
 */
export function PromoEntry({ planType, interval, applied, onAppliedChange }: PromoEntryProps) {
  const user = useCurrentUser();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  // A solved challenge is accepted once: every attempt starts a new widget.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [validating, setValidating] = useState(false);

  const newCaptcha = () => {
    setToken(null);
    setCaptchaRound((n) => n + 1);
  };

  const onToken = (next: string | null) => {
    setToken(next);
    if (next) setCaptchaError(null);
  };

  const apply = async () => {
    const promoCode = normalizePromoCode(code);
    const missingCode = promoCode === '';
    setCodeError(missingCode ? promoMessages.enterCode : null);
    setCaptchaError(token ? null : promoMessages.captcha);
    if (missingCode || !token) return;
    setValidating(true);
    try {
      const result = await subscriptionApi.validatePromo({
        promoCode,
        planType,
        userId: user?.id ?? '',
        captchaToken: token,
      });
      if (result.valid) {
        onAppliedChange({ ...result, captchaToken: token });
        setCode('');
        toast.success(result.message || promoMessages.applied);
      } else {
        toast.error(result.message || promoMessages.invalid);
      }
    } catch (error) {
      toastFailure(error, promoMessages.validateFailed);
    } finally {
      setValidating(false);
      newCaptcha();
    }
  };

  if (applied) {
    return (
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Promo code"
            value={applied.code}
            readOnly
            aria-readonly="true"
            leftSection={<IconDiscountCheck size={16} aria-hidden="true" />}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={() => onAppliedChange(null)}
            aria-label={`Remove promo code ${applied.code}`}
          >
            Remove
          </Button>
        </Group>
        <Text fz="sm" fw={500} role="status">
          {promoDiscountText(applied)}: {priceLabel(applied.newPrice, interval)}
          {applied.description ? ` (${applied.description})` : ''}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        label="Promo code"
        description="Optional"
        placeholder="Enter code"
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value.toUpperCase());
          if (codeError) setCodeError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={codeError}
        autoComplete="off"
        maxLength={40}
        rightSectionWidth={84}
        rightSectionPointerEvents="all"
        rightSection={
          <Button size="compact-sm" variant="light" onClick={() => void apply()} loading={validating}>
            Apply
          </Button>
        }
      />
      <Input.Wrapper
        label="Verification"
        description="Needed to check a promo code"
        error={captchaError}
        labelElement="div"
      >
        <Suspense
          fallback={
            <Group gap="xs" py="xs" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text fz="sm" c="dimmed">
                Loading verification...
              </Text>
            </Group>
          }
        >
          <CaptchaWidget key={captchaRound} onChange={onToken} />
        </Suspense>
      </Input.Wrapper>
    </Stack>
  );
}
