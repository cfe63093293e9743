import { useState } from 'react';
import { ActionIcon, Modal, NumberInput, Select, Slider, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { assistantVoices, saveVoiceSettings, type VoiceSettings } from './voice-settings';

function browserVoices(): string[] {
  if (typeof window === 'undefined' || !window.speechSynthesis) return [];
  return window.speechSynthesis
    .getVoices()
    .filter((v) => v.lang.startsWith('en'))
    .map((v) => v.name);
}

/** Voice settings dialog: voice, speech rate, volume, autoplay and the number of AI turns. */
export function VoiceSettingsButton({
  settings,
  onChange,
}: {
  settings: VoiceSettings;
  onChange(s: VoiceSettings): void;
}) {
  const [open, setOpen] = useState(false);
  const update = (patch: Partial<VoiceSettings>) => {
    const next = { ...settings, ...patch };
    saveVoiceSettings(next);
    onChange(next);
  };
  const voices = [...new Set([...assistantVoices, ...browserVoices()])];
  return (
    <>
      <Tooltip label="Voice settings">
        <ActionIcon variant="light" aria-label="Voice settings" onClick={() => setOpen(true)}>
          <IconSettings size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title="Voice settings">
        <Stack>
          <Select
            label="Voice"
            data={voices}
            value={settings.selectedVoice}
            onChange={(v) => v && update({ selectedVoice: v })}
            allowDeselect={false}
          />
          <div>
            <Text size="sm" fw={500} id="speech-rate-label">
              Speech rate: {settings.speechRate.toFixed(1)}×
            </Text>
            <Slider
              min={0.5}
              max={2}
              step={0.1}
              value={settings.speechRate}
              onChange={(v) => update({ speechRate: v })}
              thumbProps={{ 'aria-labelledby': 'speech-rate-label' }}
            />
          </div>
          <div>
            <Text size="sm" fw={500} id="volume-label">
              Volume: {Math.round(settings.volume * 100)}%
            </Text>
            <Slider
              min={0}
              max={1}
              step={0.05}
              value={settings.volume}
              onChange={(v) => update({ volume: v })}
              thumbProps={{ 'aria-labelledby': 'volume-label' }}
            />
          </div>
          <Switch
            label="Play replies automatically"
            checked={settings.autoPlayResponses}
            onChange={(e) => update({ autoPlayResponses: e.currentTarget.checked })}
          />
          <NumberInput
            label="AI turns per conversation"
            min={1}
            max={10}
            value={settings.maxAiTurns}
            onChange={(v) => typeof v === 'number' && update({ maxAiTurns: Math.min(10, Math.max(1, v)) })}
          />
        </Stack>
      </Modal>
    </>
  );
}
