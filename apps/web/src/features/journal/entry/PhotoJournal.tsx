import { useRef, useState } from 'react';
import { photoLimits } from '@mindledger/domain';
import {
  ActionIcon,
  Alert,
  Card,
  FileButton,
  Button,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { api, errorMessage } from '../../../api/client';

export interface PhotoItem {
  fileId: string;
  url: string;
  name: string;
}

export interface PhotoJournalProps {
  photos: PhotoItem[];
  onPhotosChange(photos: PhotoItem[]): void;
  extractedText: string;
  onExtractedTextChange(text: string): void;
}

export const maxPhotos = photoLimits.maxPerEntry;
const accepted = photoLimits.accept;

interface Work {
  key: string;
  name: string;
  stage: 'uploading' | 'reading';
  progress: number;
}

/**
 * Photo journaling (Part 1 §2, §3): at most 2 images, stored through the server; their text is read
 * in the browser (offline OCR) into an editable 'extracted text'.
 */
export function PhotoJournal({
  photos,
  onPhotosChange,
  extractedText,
  onExtractedTextChange,
}: PhotoJournalProps) {
  const [work, setWork] = useState<Work[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const slots = maxPhotos - photos.length - work.length;
  // What is on screen now, not when an add began: a second photo added while the first is still
  // being read must not drop the first (the parent's props of that moment are stale by then).
  const latest = useRef({ photos, extractedText });
  latest.current = { photos, extractedText };

  async function add(files: File[]) {
    setErrors([]);
    if (files.length > slots) {
      setErrors([photoLimits.tooManyMessage]);
      files = files.slice(0, Math.max(0, slots));
    }
    const added: PhotoItem[] = [];
    const texts: string[] = [];
    await Promise.all(
      files.map(async (file) => {
        const item: Work = {
          key: `${file.name}-${Math.random()}`,
          name: file.name,
          stage: 'uploading',
          progress: 0,
        };
        const update = (patch: Partial<Work>) => {
          Object.assign(item, patch);
          setWork((all) => all.map((w) => (w.key === item.key ? { ...item } : w)));
        };
        setWork((all) => [...all, item]);
        try {
          const form = new FormData();
          form.append('photo', file, file.name);
          const stored = await api.post<{ data: { fileId: string; url: string } }>('journal-photos', form);
          added.push({ ...stored.data, name: file.name });
          update({ stage: 'reading', progress: 0 });
          const { recognizeText } = await import('./ocr');
          const text = await recognizeText(file, (progress) => update({ progress }));
          if (text) texts.push(text);
        } catch (error) {
          setErrors((all) => [
            ...all,
            `${file.name}: ${errorMessage(error, 'The photo could not be added.')}`,
          ]);
        } finally {
          setWork((all) => all.filter((w) => w.key !== item.key));
        }
      }),
    );
    if (added.length > 0) {
      const next = [...latest.current.photos, ...added];
      latest.current.photos = next;
      onPhotosChange(next);
    }
    if (texts.length > 0) {
      const next = [latest.current.extractedText, ...texts].filter(Boolean).join('\n\n');
      latest.current.extractedText = next;
      onExtractedTextChange(next);
    }
  }

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Photos</Text>
        <Text size="sm" c="dimmed">
          {photos.length} of {maxPhotos}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {photos.map((photo) => (
          <Card key={photo.fileId} withBorder padding={0} radius="md" pos="relative">
            <Image src={photo.url} alt={`Photo ${photo.name}`} h={180} fit="cover" radius="md" />
            <ActionIcon
              pos="absolute"
              top={8}
              right={8}
              color="red"
              variant="filled"
              aria-label={`Remove photo ${photo.name}`}
              onClick={() => onPhotosChange(photos.filter((p) => p.fileId !== photo.fileId))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Card>
        ))}
        {work.map((w) => (
          <Card key={w.key} withBorder radius="md" h={180}>
            <Stack justify="center" h="100%" gap={6}>
              <Text size="sm">
                {w.stage === 'uploading' ? `Uploading ${w.name}...` : `Reading text in ${w.name}...`}
              </Text>
              <Progress
                value={w.stage === 'uploading' ? 100 : Math.round(w.progress * 100)}
                animated={w.stage === 'uploading'}
                aria-label={w.stage === 'uploading' ? 'Upload progress' : 'Text recognition progress'}
              />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {slots > 0 ? (
        <FileButton onChange={(files) => void add(files)} accept={accepted} multiple>
          {(props) => (
            <Button {...props} mt="sm" variant="light" leftSection={<IconPhotoPlus size={18} />}>
              Add photo
            </Button>
          )}
        </FileButton>
      ) : null}
      {errors.map((error) => (
        <Alert key={error} color="red" mt="sm" role="alert">
          {error}
        </Alert>
      ))}
      <Textarea
        mt="md"
        label="Text found in your photos"
        description="You can correct it; it is saved with your entry."
        value={extractedText}
        onChange={(event) => onExtractedTextChange(event.currentTarget.value.slice(0, 10_000))}
        autosize
        minRows={2}
        maxRows={8}
      />
    </Card>
  );
}
