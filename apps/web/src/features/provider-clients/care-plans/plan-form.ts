import { zodResolver } from '@hookform/resolvers/zod';
import {
  carePlanDefaults,
  carePlanSchema,
  objectiveStatuses,
  objectiveStatusLabels,
  type CarePlanDocument,
  type CarePlanDocumentInput,
  type Meridiem,
  type NoteFrequency,
  type ObjectiveStatus,
} from '@mindledger/domain';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { newIdempotencyKey } from '../../../api/client';

/**
 * What the care-plan editor's inputs hold. The shared carePlanSchema reads it (its resolver): it
 * coerces the time selects and the completion, trims and cleans the texts, drops emptied optional
 * ones and writes the ICD-10-CM code the standard way ('f411' → 'F41.1').
 */
export interface StrategyValues {
  intervention: string;
  modality: string;
  frequency: string;
}

export interface ObjectiveValues {
  id: string;
  title: string;
  objectiveValue: string;
  duration: string;
  completion: number | string;
  status: ObjectiveStatus;
  strategy: StrategyValues[];
}

export interface GoalValues {
  id: string;
  title: string;
  objectives: ObjectiveValues[];
}

export interface CarePlanFormValues {
  title: string;
  date: string;
  time: { hour: string; minute: string; period: Meridiem };
  diagnosis: { code: string; description: string };
  justification: string;
  problem: string;
  discharge: string;
  AdditionalInfo: string;
  goals: GoalValues[];
  frequency: NoteFrequency;
  isDeclared: boolean;
}

export type CarePlanForm = UseFormReturn<CarePlanFormValues, unknown, CarePlanDocument>;

// The editor's values are one shape of the schema's input (this stops compiling if they drift)...
const _valuesFitTheSchema: CarePlanFormValues extends CarePlanDocumentInput ? true : false = true;
/** ...so the shared schema checks them, with its messages, and gives the document to send. */
export const carePlanResolver = zodResolver(carePlanSchema) as Resolver<
  CarePlanFormValues,
  unknown,
  CarePlanDocument
>;

/** A new goal's or objective's id (the schema's id: letters, digits, '-' and '_'). */
export function newItemId(): string {
  // randomUUID exists only in secure contexts; the client's key works everywhere.
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newIdempotencyKey();
}

export const newStrategy = (): StrategyValues => ({ intervention: '', modality: '', frequency: '' });

export const newObjective = (): ObjectiveValues => ({
  id: newItemId(),
  title: '',
  objectiveValue: '',
  duration: '',
  completion: 0,
  status: 'not-started',
  strategy: [],
});

export const newGoal = (): GoalValues => ({ id: newItemId(), title: '', objectives: [] });

/** A saved plan's document as the editor's values (absent optional texts as ''). */
export function carePlanFormValues(doc: CarePlanDocument): CarePlanFormValues {
  return {
    title: doc.title || carePlanDefaults.title,
    date: doc.date,
    time: { hour: String(doc.time.hour), minute: String(doc.time.minute), period: doc.time.period },
    diagnosis: { code: doc.diagnosis.code, description: doc.diagnosis.description ?? '' },
    justification: doc.justification ?? '',
    problem: doc.problem ?? '',
    discharge: doc.discharge ?? '',
    AdditionalInfo: doc.AdditionalInfo ?? '',
    goals: doc.goals.map((goal) => ({
      id: goal.id,
      title: goal.title,
      objectives: goal.objectives.map((objective) => ({
        id: objective.id,
        title: objective.title,
        objectiveValue: objective.objectiveValue ?? '',
        duration: objective.duration ?? '',
        completion: objective.completion,
        status: objective.status,
        strategy: objective.strategy.map((s) => ({
          intervention: s.intervention,
          modality: s.modality ?? '',
          frequency: s.frequency ?? '',
        })),
      })),
    })),
    frequency: doc.frequency,
    isDeclared: doc.isDeclared,
  };
}

/** The document without the version's isSigned, which the server sets and never reads. */
export function documentOf(plan: CarePlanDocument & { isSigned?: boolean }): CarePlanDocument {
  const { isSigned: _isSigned, ...doc } = plan;
  return doc;
}

export const statusOptions = objectiveStatuses.map((value) => ({
  value,
  label: objectiveStatusLabels[value],
}));
