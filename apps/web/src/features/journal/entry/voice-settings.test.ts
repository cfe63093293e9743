import { beforeEach, describe, expect, it } from 'vitest';
import { defaultVoiceSettings, loadVoiceSettings, saveVoiceSettings } from './voice-settings';

beforeEach(() => window.localStorage.clear());

describe('voice settings (Part 1 §3)', () => {
  it('defaults to alloy, rate 1, volume 1, autoplay and 3 AI turns', () => {
    expect(loadVoiceSettings()).toEqual({
      selectedVoice: 'alloy',
      speechRate: 1,
      volume: 1,
      autoPlayResponses: true,
      maxAiTurns: 3,
    });
  });

  it('keeps what the user saved and repairs what is out of range', () => {
    saveVoiceSettings({
      ...defaultVoiceSettings,
      selectedVoice: 'nova',
      maxAiTurns: 5,
      autoPlayResponses: false,
    });
    expect(loadVoiceSettings()).toMatchObject({
      selectedVoice: 'nova',
      maxAiTurns: 5,
      autoPlayResponses: false,
    });
    window.localStorage.setItem(
      'voiceSettings',
      JSON.stringify({ speechRate: 9, volume: -1, maxAiTurns: 'x' }),
    );
    expect(loadVoiceSettings()).toMatchObject({ speechRate: 2, volume: 0, maxAiTurns: 3 });
    window.localStorage.setItem('voiceSettings', '{broken');
    expect(loadVoiceSettings()).toEqual(defaultVoiceSettings);
  });
});
