import type { AiConfig } from '../../config.js';
import { LocalAi } from './local/engine.js';
import { OpenAiEngine, type AiFailure } from './openai.js';
import type { AiPort } from './port.js';

export type { AiConfig } from '../../config.js';
export * from './port.js';
export { LocalAi, localReply, type LocalAiOptions } from './local/engine.js';
export { OpenAiEngine, assistantUnavailable, type AiFailure, type OpenAiOptions } from './openai.js';
export { documentInvalid, documentsPromptVersion } from './openai-documents.js';
export {
  analyseWeek,
  localDocument,
  localDocumentsVersion,
  type WeeklyAnalysis,
} from './local/documents/index.js';
export {
  answersByTopic,
  journeyTopicIds,
  journeyTopics,
  topicAsked,
  type JourneyTopic,
  type JourneyTopicInfo,
} from './journey-topics.js';

/** The OpenAI-compatible engine when an endpoint and a model are configured, else the local one. */
export function createAi(config: AiConfig, onFailure?: (failure: AiFailure) => void): AiPort {
  if (config.baseUrl && config.model) {
    return new OpenAiEngine(
      {
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs: config.timeoutMs,
        maxRetries: config.maxRetries,
      },
      onFailure,
    );
  }
  return new LocalAi();
}
