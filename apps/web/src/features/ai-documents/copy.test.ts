import { afterEach, describe, expect, it } from 'vitest';
import { aiDocumentMessages, documentText } from '@mindledger/domain';
import { copyDocument } from './copy';
import { guide, weekly } from './test-documents';
import { mockClipboard } from './test-utils';

describe('copyDocument', () => {
  afterEach(() => {
    mockClipboard();
  });

  it('copies the document as plain text', async () => {
    const writeText = mockClipboard(() => Promise.resolve());
    const outcome = await copyDocument('interviewGuide', guide);
    expect(outcome).toEqual({
      ok: true,
      status: 'copied',
      message: 'Content copied to clipboard!',
      tone: 'success',
    });
    expect(writeText).toHaveBeenCalledWith(documentText('interviewGuide', guide));
  });

  it('copies from the JSON text too', async () => {
    const writeText = mockClipboard(() => Promise.resolve());
    await copyDocument('weeklyReport', JSON.stringify(weekly));
    expect(writeText).toHaveBeenCalledWith(documentText('weeklyReport', weekly));
  });

  it('says No content found when there is nothing to copy', async () => {
    mockClipboard(() => Promise.resolve());
    expect((await copyDocument('interviewGuide', null)).message).toBe('No content found');
    expect((await copyDocument('chatHistory', [])).message).toBe(aiDocumentMessages.noContent);
  });

  it('reports a document it cannot read', async () => {
    mockClipboard(() => Promise.resolve());
    const outcome = await copyDocument('emailTemplate', '{broken');
    expect(outcome).toMatchObject({
      ok: false,
      message: 'Error processing data for clipboard',
      tone: 'error',
    });
    expect((await copyDocument('emailTemplate', { subject_line: 1 })).message).toBe(
      'Error processing data for clipboard',
    );
  });

  it('reports a browser without the Clipboard API', async () => {
    mockClipboard();
    expect((await copyDocument('interviewGuide', guide)).message).toBe(
      'Clipboard API not available in this browser',
    );
  });

  it('reports a failed write', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    expect(await copyDocument('interviewGuide', guide)).toMatchObject({
      ok: false,
      status: 'failed',
      message: 'Error copying content',
    });
  });
});
