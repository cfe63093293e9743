import type { ComponentType } from 'react';
import { ThemeIcon, type MantineColor } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBolt,
  IconBook,
  IconBrain,
  IconBulb,
  IconCalendar,
  IconCheck,
  IconCloud,
  IconCompass,
  IconFlag,
  IconHeart,
  IconHeartHandshake,
  IconHelpCircle,
  IconLeaf,
  IconListCheck,
  IconMessageCircle,
  IconMoodSad,
  IconMoodSmile,
  IconMoon,
  IconRoute,
  IconScale,
  IconShieldCheck,
  IconSparkles,
  IconStar,
  IconSun,
  IconTarget,
  IconTrendingUp,
  IconUser,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';

type Icon = ComponentType<IconProps>;

/**
 * The generated documents name their icons with free words ('heart', 'lightbulb', 'trending-up');
 * they map onto a small set, anything else onto the fallback. An emoji is shown as it is.
 */
const icons: Record<string, Icon> = {
  alert: IconAlertTriangle,
  warning: IconAlertTriangle,
  energy: IconBolt,
  bolt: IconBolt,
  book: IconBook,
  journal: IconBook,
  brain: IconBrain,
  mind: IconBrain,
  thought: IconBrain,
  thoughts: IconBrain,
  bulb: IconBulb,
  lightbulb: IconBulb,
  idea: IconBulb,
  insight: IconBulb,
  calendar: IconCalendar,
  check: IconCheck,
  cloud: IconCloud,
  compass: IconCompass,
  direction: IconCompass,
  flag: IconFlag,
  goal: IconFlag,
  heart: IconHeart,
  love: IconHeart,
  support: IconHeartHandshake,
  handshake: IconHeartHandshake,
  connection: IconHeartHandshake,
  question: IconHelpCircle,
  help: IconHelpCircle,
  leaf: IconLeaf,
  growth: IconLeaf,
  seedling: IconLeaf,
  plant: IconLeaf,
  list: IconListCheck,
  checklist: IconListCheck,
  message: IconMessageCircle,
  chat: IconMessageCircle,
  communication: IconMessageCircle,
  sad: IconMoodSad,
  smile: IconMoodSmile,
  mood: IconMoodSmile,
  happy: IconMoodSmile,
  joy: IconMoodSmile,
  emotion: IconMoodSmile,
  emotions: IconMoodSmile,
  moon: IconMoon,
  sleep: IconMoon,
  path: IconRoute,
  journey: IconRoute,
  route: IconRoute,
  balance: IconScale,
  shield: IconShieldCheck,
  safety: IconShieldCheck,
  strength: IconShieldCheck,
  strengths: IconShieldCheck,
  sparkles: IconSparkles,
  star: IconStar,
  sun: IconSun,
  target: IconTarget,
  focus: IconTarget,
  trending: IconTrendingUp,
  trendingup: IconTrendingUp,
  progress: IconTrendingUp,
  chart: IconTrendingUp,
  user: IconUser,
  person: IconUser,
  self: IconUser,
  users: IconUsers,
  people: IconUsers,
  relationships: IconUsers,
  family: IconUsers,
};

export const fallbackIcon: Icon = IconSparkles;

/** The icon for a name: 'Light-Bulb', 'lightbulb' and 'IconBulb' all find the bulb. */
export function iconFor(name: string | undefined): Icon {
  const key = (name ?? '')
    .toLowerCase()
    .replace(/^icon/, '')
    .replace(/[^a-z]/g, '');
  return icons[key] ?? icons[key.replace(/s$/, '')] ?? fallbackIcon;
}

const mantineColours = new Set([
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
  'yellow',
  'gray',
]);
const colourAliases: Record<string, MantineColor> = {
  purple: 'grape',
  amber: 'yellow',
  gold: 'yellow',
  grey: 'gray',
};

/** A section's colour as a theme colour (so both colour schemes keep their contrast); blue otherwise. */
export function themeColour(colour: string | undefined): MantineColor {
  const key = (colour ?? '').trim().toLowerCase();
  if (mantineColours.has(key)) return key;
  return colourAliases[key] ?? 'blue';
}

const pictograph = /\p{Extended_Pictographic}/u;

/** A decorative icon in a tinted square. */
export function DocIcon({ name, colour, size = 34 }: { name?: string; colour?: string; size?: number }) {
  const Glyph = iconFor(name);
  return (
    <ThemeIcon variant="light" color={themeColour(colour)} size={size} radius="md" aria-hidden="true">
      {name && pictograph.test(name) ? <span>{name}</span> : <Glyph size={Math.round(size * 0.6)} />}
    </ThemeIcon>
  );
}
