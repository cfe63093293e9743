import type { ChangeFlags } from './scoring.js';

/** What changed since the previous score, in words ('5 points lower than last time'). */
export function changeText(flags: Pick<ChangeFlags, 'change'>): string | null {
  if (flags.change === null) return null;
  if (flags.change === 0) return 'Same as last time';
  const points = Math.abs(flags.change);
  const unit = points === 1 ? 'point' : 'points';
  return `${points} ${unit} ${flags.change < 0 ? 'lower' : 'higher'} than last time`;
}

/** The milestones a score reached, for a badge each (screens, the clinical export). */
export function milestones(flags: ChangeFlags): string[] {
  return [
    ...(flags.remission ? ['Remission'] : flags.response ? ['Response'] : []),
    ...(flags.reliableImprovement ? ['Reliable improvement'] : []),
    ...(flags.reliableWorsening ? ['Reliable worsening'] : []),
  ];
}
