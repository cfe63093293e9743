export { MeasuresPage, measuresPath } from './MeasuresPage';
