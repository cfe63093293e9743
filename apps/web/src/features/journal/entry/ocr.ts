/**
 * Text recognition for photo journaling, in the browser, with tesseract.js and the English data
 * served by our own server under /ocr/ (see vite.config.ts). Loaded only when a photo is added.
 */
export async function recognizeText(image: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const { createWorker } = await import('tesseract.js');
  const worker = await createWorker('eng', 1, {
    workerPath: '/ocr/worker.min.js',
    corePath: '/ocr/core',
    langPath: '/ocr/lang',
    gzip: true,
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) => {
      if (message.status === 'recognizing text') onProgress?.(message.progress);
    },
  });
  try {
    const { data } = await worker.recognize(image);
    return data.text.replace(/\n{3,}/g, '\n\n').trim();
  } finally {
    await worker.terminate();
  }
}
