import { useState } from 'react';
import { notificationMessages } from '@mindledger/domain';
import { toast } from '../../ui/toast';
import { pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from './push';
import { settingsTexts } from './texts';

export interface DevicePush {
  /** The permission modal is open. */
  promptOpen: boolean;
  busy: boolean;
  /** The Device Notifications switch was flipped. */
  toggle: (on: boolean) => void;
  accept: () => Promise<void>;
  later: () => void;
}

/**
 * The Device Notifications switch (Part 2 §4 Notifications): turning it on asks first (the modal),
 * then the browser; only a granted permission and a stored subscription turn it on. Turning it off
 * applies at once. `persist` stores the setting (and reports its own failure, resolving false).
 */
export function useDevicePush(persist: (on: boolean) => Promise<boolean>): DevicePush {
  const [promptOpen, setPromptOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const turnOn = async () => {
    const support = pushSupport();
    if (!support.notifications) {
      if (await persist(true)) toast.info(settingsTexts.pushUnavailable);
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      toast.warning(settingsTexts.pushBlocked);
      return;
    }
    if (!support.push) {
      // Browser notifications still show while the app is open (the in-app stream shows them).
      if (await persist(true)) toast.info(settingsTexts.pushUnavailable);
      return;
    }
    try {
      await subscribeThisBrowser();
    } catch {
      toast.error(notificationMessages.registerDeviceFailed);
      return;
    }
    if (await persist(true)) toast.success(settingsTexts.pushOn);
  };

  const turnOff = async () => {
    if (pushSupport().push) {
      try {
        await unsubscribeThisBrowser();
      } catch {
        toast.error(notificationMessages.unregisterDeviceFailed);
      }
    }
    if (await persist(false)) toast.info(settingsTexts.pushOff);
  };

  return {
    promptOpen,
    busy,
    toggle: (on) => {
      if (on) setPromptOpen(true);
      else void run(turnOff);
    },
    accept: () => {
      setPromptOpen(false);
      return run(turnOn);
    },
    later: () => setPromptOpen(false),
  };
}
