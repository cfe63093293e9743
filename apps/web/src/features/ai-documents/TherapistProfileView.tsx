import type { ReactNode } from 'react';
import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  documentTexts,
  initialJourneySections,
  therapistProfileHeadings as headings,
  type TherapistProfile,
} from '@mindledger/domain';
import { AiDisclaimer, DocumentDisclaimer } from './AiDisclaimer';
import { BulletList, DocCard, DocHeading, DocRoot, DocText, EmptyDoc, level } from './DocParts';
import { DocIcon } from './icons';
import { useDocument } from './useDocument';

const section = initialJourneySections.find((s) => s.kind === 'therapistProfile');

export interface TherapistProfileViewProps {
  profile: TherapistProfile | string | null | undefined;
  /** The level of the profile's section headings (their parts are one below). */
  headingLevel?: number;
}

function Section(props: { title: string; icon: string; order: number; children: ReactNode }) {
  return (
    <DocCard>
      <Group gap="sm" wrap="nowrap">
        <DocIcon name={props.icon} size={30} />
        <DocHeading order={level(props.order)}>{props.title}</DocHeading>
      </Group>
      {props.children}
    </DocCard>
  );
}

function Part({ title, order, children }: { title: string; order: number; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <DocHeading order={level(order)} look="part">
        {title}
      </DocHeading>
      {children}
    </Stack>
  );
}

/**
 * The target therapist profile (Part 2 §2), its §3 fields under the viewer's headings as mapped in
 * packages/domain ai-documents/render.ts (the same order as its Copy and PDF).
 */
export function TherapistProfileView({ profile, headingLevel = 2 }: TherapistProfileViewProps) {
  const doc = useDocument('therapistProfile', profile);
  if (!doc) return <EmptyDoc text={section?.empty ?? ''} />;
  const { provider_parameters: provider, logistical_factors: logistics, match_priorities: match } = doc;
  const order = headingLevel;
  const sub = headingLevel + 1;
  return (
    <DocRoot label={section?.title}>
      <Section title={headings.aboutYou} icon="user" order={order}>
        <DocText>{documentTexts.aboutYou(doc.profile_info.client_name)}</DocText>
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={headings.expertise} icon="brain" order={order}>
          <BulletList items={provider.expertise_areas} />
        </Section>
        <Section title={headings.awareness} icon="users" order={order}>
          <BulletList items={provider.cultural_competencies} />
        </Section>
        <Section title={headings.approaches} icon="bulb" order={order}>
          <BulletList items={provider.therapeutic_approaches} />
        </Section>
        <Section title={headings.focus} icon="target" order={order}>
          <BulletList items={provider.practice_focus} />
        </Section>
      </SimpleGrid>
      <Section title={documentTexts.sessionPreferences} icon="calendar" order={order}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Part title={headings.format} order={sub}>
            <BulletList items={logistics.format.requirements} />
          </Part>
          <Part title={headings.location} order={sub}>
            <Text fz="sm">Time zone: {logistics.location.time_zone}</Text>
            <BulletList items={logistics.location.preferences} />
          </Part>
          <Part title={headings.language} order={sub}>
            <BulletList items={logistics.language} />
          </Part>
          <Part title={headings.timing} order={sub}>
            <BulletList items={logistics.scheduling.preferred_times} />
            <DocText>{logistics.scheduling.flexibility}</DocText>
          </Part>
        </SimpleGrid>
      </Section>
      <Section title={documentTexts.therapistConnection} icon="handshake" order={order}>
        <Part title={headings.background} order={sub}>
          <DocText>{match.professional_background.description}</DocText>
        </Part>
        <Part title={headings.communication} order={sub}>
          <BulletList items={match.communication_style.preferences} />
        </Part>
        <Part title={headings.sessionApproach} order={sub}>
          <BulletList
            items={[...match.treatment_modalities.preferences, ...match.session_structure.preferences]}
          />
        </Part>
      </Section>
      <Alert
        role="note"
        variant="light"
        color="blue"
        title={documentTexts.searchContext}
        icon={<IconInfoCircle aria-hidden="true" />}
      >
        <DocText>{doc.search_context}</DocText>
      </Alert>
      <DocumentDisclaimer>{doc.disclaimer}</DocumentDisclaimer>
      <AiDisclaimer />
    </DocRoot>
  );
}
