export { BookingForm, type BookingFormProps } from './BookingForm';
export { ConfirmationStep } from './ConfirmationStep';
export { HeldStep } from './HeldStep';
