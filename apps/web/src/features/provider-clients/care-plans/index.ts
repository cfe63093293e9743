export { CarePlansSection, type CarePlansSectionProps } from './CarePlansSection';
