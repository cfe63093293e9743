import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { emotionInfoLabels } from '@mindledger/domain';
import { IconInfoCircle } from '@tabler/icons-react';

const EmotionInfoModal = lazy(() => import('./EmotionInfoModal'));

/** The info button of the selector; the modal's code loads the first time it is opened. */
export function EmotionInfoButton({ name }: { name: string }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Tooltip label={emotionInfoLabels.button} withArrow>
        <ActionIcon
          variant="light"
          radius="xl"
          size="lg"
          aria-label={emotionInfoLabels.button}
          onClick={() => {
            setLoaded(true);
            setOpened(true);
          }}
        >
          <IconInfoCircle size={20} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {loaded ? (
        <Suspense fallback={null}>
          <EmotionInfoModal name={name} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
