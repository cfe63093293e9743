import {
  Button,
  Card,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { audienceLabels, audiences, type Audience } from './api';
import {
  messageMax,
  titleMax,
  toLocalInput,
  type UpdateFormErrors,
  type UpdateFormValues,
} from './update-form';

interface UpdateFormProps {
  values: UpdateFormValues;
  errors: UpdateFormErrors;
  onChange: (patch: Partial<UpdateFormValues>) => void;
  onPublish: () => void;
  publishing: boolean;
}

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The new update: title, message, optional link, audience, and now or a scheduled time. */
export function UpdateForm({ values, errors, onChange, onPublish, publishing }: UpdateFormProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="new-update-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onPublish();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz={18} id="new-update-title">
            New important update
          </Title>
          <TextInput
            label="Title"
            required
            value={values.title}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
            error={errors.title}
            maxLength={titleMax}
          />
          <Textarea
            label="Message"
            required
            rows={5}
            resize="vertical"
            value={values.message}
            onChange={(event) => onChange({ message: event.currentTarget.value })}
            error={errors.message}
            maxLength={messageMax}
            description={`${values.message.length}/${messageMax} characters`}
          />
          <TextInput
            label="Link (optional)"
            description="An https address, or a path in the app such as /user/goals"
            placeholder="https://"
            value={values.link}
            onChange={(event) => onChange({ link: event.currentTarget.value })}
            error={errors.link}
          />
          <NativeSelect
            label="Audience"
            data={audiences.map((value) => ({ value, label: audienceLabels[value] }))}
            value={values.audience}
            onChange={(event) => onChange({ audience: event.currentTarget.value as Audience })}
          />
          <Radio.Group
            label="When"
            value={values.when}
            onChange={(value) => onChange({ when: value === 'schedule' ? 'schedule' : 'now' })}
          >
            <Group gap="lg" mt="xs">
              <Radio value="now" label="Publish now" />
              <Radio value="schedule" label="Schedule" />
            </Group>
          </Radio.Group>
          {values.when === 'schedule' && (
            <TextInput
              type="datetime-local"
              label="Publish at"
              description={`Your device's time (${deviceZone})`}
              required
              min={toLocalInput(new Date())}
              value={values.publishAt}
              onChange={(event) => onChange({ publishAt: event.currentTarget.value })}
              error={errors.publishAt}
              maw={280}
            />
          )}
          <Group justify="space-between" align="center">
            <Text fz="xs" c="dimmed">
              Users who turned team updates off do not get it.
            </Text>
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden="true" />}
              loading={publishing}
            >
              Publish
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
