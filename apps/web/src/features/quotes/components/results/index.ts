export { RateResults, type RateResultsProps } from './RateResults';
