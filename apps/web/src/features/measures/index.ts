export { MeasuresPage, measuresPath } from './MeasuresPage';
export { ClientMeasuresCard } from './provider/ClientMeasuresCard';
