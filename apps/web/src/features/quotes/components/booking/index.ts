export { BookingForm, type BookingFormProps } from './BookingForm';
export { ConfirmationStep } from './ConfirmationStep';
