/**
 * The two standard measures the product offers (issue 16, measurement-based care): PHQ-9 and GAD-7,
 * public-domain instruments (Spitzer, Kroenke, Williams and colleagues; no permission is needed to
 * reproduce, translate, display or distribute them). Item texts, answer options and scoring are as
 * published; the codes are LOINC's. The server turns these into FHIR Questionnaire resources
 * (features/measures/fhir), so the app, the API and the export share one definition.
 */

export const measureKinds = ['phq9', 'gad7'] as const;
export type MeasureKind = (typeof measureKinds)[number];

export interface AnswerOption {
  /** What the item's answer scores. */
  score: number;
  text: string;
  /** LOINC answer code. */
  code: string;
}

export interface MeasureItem {
  /** Stable id of the item in the questionnaire and in a response ('phq9-1'…). */
  linkId: string;
  /** LOINC code of the item. */
  code: string;
  text: string;
}

export interface SeverityBand {
  /** Lowest total in the band (the band runs to the next band's `min` - 1, or to the maximum). */
  min: number;
  max: number;
  label: string;
  /** The band in plain words, for the client's own history. */
  plain: string;
}

export interface Instrument {
  kind: MeasureKind;
  /** 'PHQ-9'. */
  shortName: string;
  title: string;
  /** LOINC code of the panel (the questionnaire). */
  code: string;
  /** LOINC code of the total score. */
  totalCode: string;
  /** The question every item answers. */
  stem: string;
  items: readonly MeasureItem[];
  options: readonly AnswerOption[];
  /** The unscored last question on how much the problems got in the way. */
  difficulty: MeasureItem & { options: readonly AnswerOption[] };
  maxScore: number;
  bands: readonly SeverityBand[];
  /** A change of at least this many points between two scores is flagged. */
  reliableChange: number;
}

/** The frequency answers of both instruments, with their LOINC answer codes. */
const frequency: readonly AnswerOption[] = [
  { score: 0, text: 'Not at all', code: 'LA6568-5' },
  { score: 1, text: 'Several days', code: 'LA6569-3' },
  { score: 2, text: 'More than half the days', code: 'LA6570-1' },
  { score: 3, text: 'Nearly every day', code: 'LA6571-9' },
];

const difficultyOptions: readonly AnswerOption[] = [
  { score: 0, text: 'Not difficult at all', code: 'LA6572-7' },
  { score: 1, text: 'Somewhat difficult', code: 'LA6573-5' },
  { score: 2, text: 'Very difficult', code: 'LA6575-0' },
  { score: 3, text: 'Extremely difficult', code: 'LA6574-3' },
];

const difficultyText =
  'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?';

export const phq9: Instrument = {
  kind: 'phq9',
  shortName: 'PHQ-9',
  title: 'Patient Health Questionnaire (PHQ-9)',
  code: '44249-1',
  totalCode: '44261-6',
  stem: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  items: [
    { linkId: 'phq9-1', code: '44250-9', text: 'Little interest or pleasure in doing things' },
    { linkId: 'phq9-2', code: '44255-8', text: 'Feeling down, depressed, or hopeless' },
    { linkId: 'phq9-3', code: '44259-0', text: 'Trouble falling or staying asleep, or sleeping too much' },
    { linkId: 'phq9-4', code: '44254-1', text: 'Feeling tired or having little energy' },
    { linkId: 'phq9-5', code: '44251-7', text: 'Poor appetite or overeating' },
    {
      linkId: 'phq9-6',
      code: '44258-2',
      text: 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    },
    {
      linkId: 'phq9-7',
      code: '44252-5',
      text: 'Trouble concentrating on things, such as reading the newspaper or watching television',
    },
    {
      linkId: 'phq9-8',
      code: '44253-3',
      text: 'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    },
    {
      linkId: 'phq9-9',
      code: '44260-8',
      text: 'Thoughts that you would be better off dead or of hurting yourself in some way',
    },
  ],
  options: frequency,
  difficulty: { linkId: 'phq9-10', code: '69722-7', text: difficultyText, options: difficultyOptions },
  maxScore: 27,
  bands: [
    { min: 0, max: 4, label: 'Minimal', plain: 'Few or no signs of depression right now.' },
    { min: 5, max: 9, label: 'Mild', plain: 'Some signs of low mood; worth keeping an eye on.' },
    { min: 10, max: 14, label: 'Moderate', plain: 'Low mood is affecting you a fair amount.' },
    {
      min: 15,
      max: 19,
      label: 'Moderately severe',
      plain: 'Low mood is affecting you a lot; talk it over with your provider.',
    },
    {
      min: 20,
      max: 27,
      label: 'Severe',
      plain: 'Low mood is affecting you very much; please talk with your provider soon.',
    },
  ],
  reliableChange: 5,
};

export const gad7: Instrument = {
  kind: 'gad7',
  shortName: 'GAD-7',
  title: 'Generalized Anxiety Disorder 7-item (GAD-7)',
  code: '69737-5',
  totalCode: '70274-6',
  stem: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  items: [
    { linkId: 'gad7-1', code: '69725-0', text: 'Feeling nervous, anxious, or on edge' },
    { linkId: 'gad7-2', code: '68509-9', text: 'Not being able to stop or control worrying' },
    { linkId: 'gad7-3', code: '69733-4', text: 'Worrying too much about different things' },
    { linkId: 'gad7-4', code: '69734-2', text: 'Trouble relaxing' },
    { linkId: 'gad7-5', code: '69735-9', text: 'Being so restless that it is hard to sit still' },
    { linkId: 'gad7-6', code: '69689-8', text: 'Becoming easily annoyed or irritable' },
    { linkId: 'gad7-7', code: '69736-7', text: 'Feeling afraid, as if something awful might happen' },
  ],
  options: frequency,
  difficulty: { linkId: 'gad7-8', code: '69726-8', text: difficultyText, options: difficultyOptions },
  maxScore: 21,
  bands: [
    { min: 0, max: 4, label: 'Minimal', plain: 'Few or no signs of anxiety right now.' },
    { min: 5, max: 9, label: 'Mild', plain: 'Some signs of anxiety; worth keeping an eye on.' },
    { min: 10, max: 14, label: 'Moderate', plain: 'Anxiety is affecting you a fair amount.' },
    {
      min: 15,
      max: 21,
      label: 'Severe',
      plain: 'Anxiety is affecting you very much; please talk with your provider soon.',
    },
  ],
  // 4 points is GAD-7's established minimal important change (decision 091); PHQ-9's is 5
  reliableChange: 4,
};

export const instruments: Record<MeasureKind, Instrument> = { phq9, gad7 };

/** PHQ-9's item on thoughts of death or self-harm: any answer above 0 is a safety alert. */
export const safetyItemLinkId = 'phq9-9';
