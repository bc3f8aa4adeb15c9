export { ShipmentForm, type ShipmentFormProps } from './ShipmentForm';
