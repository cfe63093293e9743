export { FromProvidersPage } from './FromProvidersPage';
export { CarePlanView } from './CarePlanView';
