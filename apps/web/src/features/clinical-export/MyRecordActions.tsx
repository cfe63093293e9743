import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { clinicalExportMessages as msg, type ClinicalFileFormat } from '@mindledger/domain';
import { saveFile } from '../../ui/save-file';
import { toast } from '../../ui/toast';
import { clinicalExportApi, downloadErrorText } from './api';

const fileNameOf = (format: ClinicalFileFormat) =>
  format === 'pdf' ? 'my-record.pdf' : 'my-record.fhir.json';

/**
 * The client's own copy of their record (issue 16; the notice's right of access), downloaded at
 * once: a PDF to read, or the FHIR R4 bundle another clinical system imports. Private entries are
 * in it: it is theirs.
 */
export function MyRecordActions() {
  const [busy, setBusy] = useState<ClinicalFileFormat | null>(null);
  const download = async (format: ClinicalFileFormat) => {
    setBusy(format);
    try {
      saveFile(await clinicalExportApi.ownRecord(format), fileNameOf(format));
    } catch (error) {
      toast.error(downloadErrorText(error), { title: msg.downloadFailed });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Text fz="sm">
        Everything you recorded, including your private entries, your questionnaires, goals and the care plans
        your providers shared with you.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button variant="light" loading={busy === 'pdf'} onClick={() => void download('pdf')}>
          Download my record (PDF)
        </Button>
        <Button variant="default" loading={busy === 'fhir'} onClick={() => void download('fhir')}>
          Download my record (FHIR)
        </Button>
      </Group>
    </>
  );
}
