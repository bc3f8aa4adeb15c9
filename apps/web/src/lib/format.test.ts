import { describe, expect, it } from 'vitest';
import {
  CM_PER_IN,
  convertLength,
  convertWeight,
  formatDimensions,
  formatLength,
  formatWeight,
  KG_PER_LB,
  lengthUnit,
  weightUnit,
} from './format';

describe('unit system formatting', () => {
  it('uses the exact conversion factors', () => {
    expect(KG_PER_LB).toBe(0.45359237);
    expect(CM_PER_IN).toBe(2.54);
    expect(convertWeight(100, 'metric')).toBeCloseTo(45.359237, 9);
    expect(convertLength(10, 'metric')).toBeCloseTo(25.4, 9);
  });

  it('keeps stored pounds and inches for imperial', () => {
    expect(convertWeight(12.5, 'imperial')).toBe(12.5);
    expect(convertLength(48, 'imperial')).toBe(48);
    expect(weightUnit('imperial')).toBe('lb');
    expect(lengthUnit('imperial')).toBe('in');
  });

  it('names kg and cm for metric', () => {
    expect(weightUnit('metric')).toBe('kg');
    expect(lengthUnit('metric')).toBe('cm');
  });

  it('formats weights with grouping and at most one decimal', () => {
    expect(formatWeight(1000, 'imperial', 'en')).toBe('1,000 lb');
    expect(formatWeight(1000, 'metric', 'en')).toBe('453.6 kg');
    expect(formatWeight(12345.67, 'imperial', 'en')).toBe('12,345.7 lb');
    expect(formatWeight(0, 'metric', 'en')).toBe('0 kg');
  });

  it('formats lengths and dimensions', () => {
    expect(formatLength(48, 'imperial', 'en')).toBe('48 in');
    expect(formatLength(48, 'metric', 'en')).toBe('121.9 cm');
    expect(formatDimensions([48, 40, 48], 'imperial', 'en')).toBe('48 × 40 × 48 in');
    expect(formatDimensions([48, 40, 48], 'metric', 'en')).toBe('121.9 × 101.6 × 121.9 cm');
  });

  it('localises numbers by language', () => {
    expect(formatWeight(2500, 'imperial', 'es')).toBe(`${new Intl.NumberFormat('es-MX').format(2500)} lb`);
    expect(formatLength(1000.25, 'imperial', 'es')).toBe(
      `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(1000.25)} in`,
    );
    expect(formatWeight(1000, 'metric', 'es')).toBe(`${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(453.59237)} kg`);
  });

  it('treats an unknown unit system as imperial (the stored units)', () => {
    expect(formatWeight(10, 'whatever', 'en')).toBe('10 lb');
  });
});
