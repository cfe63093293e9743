export { ClinicalExportPanel } from './ClinicalExportPanel';
export { MyRecordActions } from './MyRecordActions';
