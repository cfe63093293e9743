import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/helpers';
import { PhotoJournal, type PhotoItem } from './PhotoJournal';

/** Each photo's text is read when the test says so (OCR in the browser, mocked here). */
const reads = new Map<string, (text: string) => void>();
vi.mock('./ocr', () => ({
  recognizeText: (file: File) => new Promise<string>((resolve) => reads.set(file.name, resolve)),
}));

let fetchMock: Mock<typeof fetch>;
let stored = 0;

beforeEach(() => {
  reads.clear();
  stored = 0;
  fetchMock = vi.fn<typeof fetch>(async () => {
    stored += 1;
    return jsonResponse(
      { data: { fileId: `f${stored}`, url: `/api/v1/journal-photos/f${stored}` } },
      { status: 201 },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [text, setText] = useState('');
  return (
    <>
      <PhotoJournal
        photos={photos}
        onPhotosChange={setPhotos}
        extractedText={text}
        onExtractedTextChange={setText}
      />
      <output data-testid="text">{text}</output>
    </>
  );
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('photo journal', () => {
  it('keeps the first photo and its text when a second is added while the first is still being read', async () => {
    const { container } = renderWithProviders(<Harness />);
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input(), png('first.png'));
    await waitFor(() => expect(reads.has('first.png')).toBe(true));
    expect(screen.getByText('Reading text in first.png...')).toBeInTheDocument();
    await userEvent.upload(input(), png('second.png'));
    await waitFor(() => expect(reads.has('second.png')).toBe(true));

    reads.get('first.png')!('Text of the first');
    expect(await screen.findByRole('img', { name: 'Photo first.png' })).toBeInTheDocument();
    reads.get('second.png')!('Text of the second');
    expect(await screen.findByRole('img', { name: 'Photo second.png' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo first.png' })).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('text')).toHaveTextContent('Text of the first Text of the second');
  });
});
