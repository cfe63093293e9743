import type { Bundle, Resource } from '@medplum/fhirtypes';
import { measureKinds } from '@mindledger/domain';
import { questionnaireOf } from '../measures/index.js';
import {
  bundleEntry,
  carePlanResources,
  codeSystems,
  entryObservation,
  goalResource,
  measureResponse,
  measureTotalObservation,
  noteDocuments,
  patientResource,
  practitionerResource,
} from './fhir.js';
import type {
  RecordCarePlan,
  RecordEntry,
  RecordGoal,
  RecordHeader,
  RecordMeasure,
  RecordNote,
} from './record.js';

/** Characters of JSON a piece of the stream holds at most (about; an entry is never split). */
const pieceChars = 16_384;

/** What a Bundle is written from: the journal in pages (never whole in memory), the rest at once. */
export interface BundleSources {
  entries: AsyncIterable<RecordEntry[]>;
  measures: RecordMeasure[];
  goals: RecordGoal[];
  carePlans: RecordCarePlan[];
  notes: RecordNote[];
}

/**
 * The FHIR R4 Bundle (type collection) of an export as a stream of JSON text: the Bundle's head,
 * then each entry as it is built (journal entries a page at a time), then its end. What is written
 * is one JSON document, the same as `JSON.stringify` of the whole Bundle.
 */
export async function* fhirBundle(
  bundleId: string,
  header: RecordHeader,
  sources: BundleSources,
): AsyncGenerator<string> {
  const head: Bundle = {
    resourceType: 'Bundle',
    id: bundleId,
    meta: { lastUpdated: header.generatedAt.toISOString() },
    type: 'collection',
    timestamp: header.generatedAt.toISOString(),
  };
  yield `${JSON.stringify(head).slice(0, -1)},"entry":[`;
  let first = true;
  /** The entries' JSON in pieces of about 16 K characters: no string outlives a young collection. */
  function* write(resources: Resource[]): Generator<string> {
    let out = '';
    for (const resource of resources) {
      out += (first ? '' : ',') + JSON.stringify(bundleEntry(resource));
      first = false;
      if (out.length >= pieceChars) {
        yield out;
        out = '';
      }
    }
    if (out) yield out;
  }
  const patientId = header.patient.id;
  yield* write([
    patientResource(header.patient),
    ...(header.practitioner ? [practitionerResource(header.practitioner)] : []),
    ...(header.include.entries ? codeSystems() : []),
    ...(header.include.measures && sources.measures.length ? measureKinds.map(questionnaireOf) : []),
  ]);
  if (header.include.entries)
    for await (const page of sources.entries) yield* write(page.map((e) => entryObservation(e, patientId)));
  if (header.include.measures)
    yield* write(
      sources.measures.flatMap((m) => [measureResponse(m, patientId), measureTotalObservation(m, patientId)]),
    );
  if (header.include.goals) yield* write(sources.goals.map((g) => goalResource(g, header)));
  if (header.include.carePlans) yield* write(sources.carePlans.flatMap((p) => carePlanResources(p, header)));
  if (header.include.notes) yield* write(sources.notes.flatMap((n) => noteDocuments(n, header)));
  yield ']}';
}
