import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  List,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendarStats,
  IconDeviceFloppy,
  IconInfoCircle,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  homeForRole,
  weekdayNames,
  weeklyInsightMessages as msg,
  type WeeklyAutomationSettings,
} from '@mindledger/domain';
import { isPathRegistered } from '../../app/route-registry';
import { PageTitle } from '../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth';
import {
  loadFailureMessage,
  saveFailureMessage,
  weeklyAutomationApi,
  weeklyAutomationKeys,
  weeklyAutomationStaleMs,
  type AutomationChoice,
} from './api';
import { automationTexts as t } from './texts';

export const weeklyInsightsPath = '/user/report';
const providersPath = '/user/providers';

const dayName = (day: number) => weekdayNames[day] ?? weekdayNames[0];
/** The weekday before `day`: the last day a report of `day` covers (§4). */
const previousDayName = (day: number) => dayName((day + 6) % 7);

function AutomationBreadcrumbs({ home }: { home: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separatorMargin={6}>
        <Anchor component={Link} to={home} fz="sm">
          Home
        </Anchor>
        <Anchor component={Link} to="/profile" fz="sm">
          My Profile
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {t.title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz={18} id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function ScheduleCard({
  choice,
  timezone,
  dirty,
}: {
  choice: AutomationChoice;
  timezone: string;
  dirty: boolean;
}) {
  const day = dayName(choice.automationDay);
  const previous = previousDayName(choice.automationDay);
  return (
    <Card component="section" aria-labelledby="automation-schedule-title" withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconCalendarStats size={20} stroke={1.6} aria-hidden="true" />
            <Title order={2} fz={18} id="automation-schedule-title">
              {t.scheduleTitle}
            </Title>
          </Group>
          <Group gap={6}>
            {dirty && (
              <Badge variant="outline" color="yellow">
                {t.unsaved}
              </Badge>
            )}
            <Badge variant="light" color={choice.automaticGeneration ? 'green' : 'gray'}>
              {choice.automaticGeneration ? t.on : t.off}
            </Badge>
          </Group>
        </Group>
        <Text fw={600} data-testid="automation-schedule">
          {t.every(day, timezone)}
        </Text>
        <Text fz="sm">
          {t.periodLabel}: <span data-testid="automation-period">{t.period(day, previous)}</span>
        </Text>
        {!choice.automaticGeneration && (
          <Text fz="sm" c="dimmed">
            {t.offNote}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Recipients({
  recipients,
}: {
  recipients: WeeklyAutomationSettings['sharingSettings']['recipients'];
}) {
  return (
    <Section id="automation-recipients" title={t.recipientsTitle}>
      <Text fz="sm" c="dimmed">
        {isPathRegistered(providersPath) ? (
          <>
            Your connected providers. You manage them in{' '}
            <Anchor component={Link} to={providersPath} fz="sm">
              My Providers
            </Anchor>
            .
          </>
        ) : (
          t.recipientsHint
        )}
      </Text>
      {recipients.length === 0 ? (
        <Text fz="sm">{t.noRecipients}</Text>
      ) : (
        <List spacing={6} aria-label={t.recipientsTitle} listStyleType="none" pl={0}>
          {recipients.map((r) => (
            <List.Item key={`${r.doctorEmail}:${r.doctorName}`}>
              <Text fz="sm" fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
                {r.doctorName}
              </Text>{' '}
              <Text fz="sm" c="dimmed" component="span" style={{ overflowWrap: 'anywhere' }}>
                {r.doctorEmail}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Section>
  );
}

/** /profile/weekly-automation: Weekly summary automation settings (Part 2 §2, §4, Patient only). */
export function WeeklyAutomationPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: weeklyAutomationKeys.settings,
    queryFn: ({ signal }) => weeklyAutomationApi.get(signal),
    staleTime: weeklyAutomationStaleMs,
  });
  /** Changes held until Save (§4); null: none. */
  const [draft, setDraft] = useState<AutomationChoice | null>(null);
  const save = useMutation({ mutationFn: (choice: AutomationChoice) => weeklyAutomationApi.put(choice) });

  const body = () => {
    const saved = loaded.data;
    if (!saved) {
      if (loaded.isError)
        return (
          <ErrorState
            title={msg.automationLoadError}
            message={loadFailureMessage(loaded.error)}
            onRetry={() => void loaded.refetch()}
          />
        );
      return <LoadingState label={msg.loadingAutomation} />;
    }
    const choice: AutomationChoice = draft ?? {
      automaticGeneration: saved.automaticGeneration,
      automationDay: saved.automationDay,
    };
    const dirty =
      choice.automaticGeneration !== saved.automaticGeneration ||
      choice.automationDay !== saved.automationDay;
    const day = dayName(choice.automationDay);
    const previous = previousDayName(choice.automationDay);

    const chooseDay = (value: string) => {
      const next = Number(value);
      if (!Number.isInteger(next) || next === choice.automationDay) return;
      // Changing the generation day forces automatic generation on (§4).
      setDraft({ automaticGeneration: true, automationDay: next });
    };

    const onSave = async () => {
      try {
        const answer = await save.mutateAsync(choice);
        queryClient.setQueryData(weeklyAutomationKeys.settings, answer);
        setDraft(null);
        toast.success(msg.automationSaved(dayName(answer.automationDay)));
        // the weekly summary card of the notification settings reads the same call
        void queryClient.invalidateQueries({ queryKey: weeklyAutomationKeys.all });
      } catch (error) {
        toast.error(saveFailureMessage(error));
        // §8: then the settings are reloaded
        setDraft(null);
        void loaded.refetch();
      }
    };

    return (
      <Stack gap="lg">
        <ScheduleCard choice={choice} timezone={saved.timezone} dirty={dirty} />

        <Section id="automation-settings" title="Settings">
          <Switch
            label={t.generation}
            aria-label={t.generation}
            description={t.generationHint}
            checked={choice.automaticGeneration}
            onChange={(event) => setDraft({ ...choice, automaticGeneration: event.currentTarget.checked })}
          />
          <Radio.Group
            label={t.dayLabel}
            description={t.dayHint}
            value={String(choice.automationDay)}
            onChange={chooseDay}
            name="automation-day"
          >
            <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm" mt="sm">
              {weekdayNames.map((name, index) => (
                <Radio key={name} value={String(index)} label={name} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Section>

        <Section id="automation-how" title={t.howTitle}>
          <List spacing={6} fz="sm">
            {t.how(day, previous, saved.timezone).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Alert
            variant="light"
            color="blue"
            title={t.noteTitle}
            role="note"
            icon={<IconInfoCircle aria-hidden="true" />}
          >
            {t.note}
          </Alert>
        </Section>

        <Recipients recipients={saved.sharingSettings.recipients} />

        <Group justify="space-between" gap="sm">
          {isPathRegistered(weeklyInsightsPath) ? (
            <Button
              component={Link}
              to={weeklyInsightsPath}
              variant="light"
              leftSection={<IconReportAnalytics size={16} aria-hidden="true" />}
              w={{ base: '100%', xs: 'auto' }}
            >
              {t.viewInsights}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm" w={{ base: '100%', xs: 'auto' }} wrap="nowrap">
            <Button
              variant="default"
              flex={{ base: 1, xs: 'none' }}
              disabled={!dirty || save.isPending}
              onClick={() => setDraft(null)}
            >
              {t.cancel}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
              flex={{ base: 1, xs: 'none' }}
              loading={save.isPending}
              disabled={!dirty}
              onClick={() => void onSave()}
            >
              {t.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  };

  return (
    <Stack gap={0} maw={880}>
      <AutomationBreadcrumbs home={homeForRole(user?.userRole ?? 'patient')} />
      <PageTitle title={t.title} description={t.description} />
      {body()}
    </Stack>
  );
}
