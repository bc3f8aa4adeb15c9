export * from './carta-porte';
export * from './cfdi-attributes';
export * from './countries';
export * from './duties';
export * from './duty-rates';
export * from './formats';
export * from './stage';
export * from './usmca';
