export { NotesSummariesSection, type NotesSummariesSectionProps } from './NotesSummariesSection';
export { ProviderDocumentsList } from './ProviderDocumentsList';
