import { describe, expect, it } from 'vitest';
import { canadianProvince, greatCircleMiles, lookupPlace, parcelZone, ROAD_FACTOR, roadMiles } from './geo';
import { MEXICAN_STATES, mexicanStateForPostalCode } from './mexico';

describe('lookupPlace: US', () => {
  it('finds 60606 Chicago IL', () => {
    const p = lookupPlace('60606', 'US');
    expect(p).toMatchObject({ city: 'Chicago', state: 'IL', precision: 'zip' });
    expect(p?.lat).toBeCloseTo(41.88, 1);
    expect(p?.lon).toBeCloseTo(-87.64, 1);
  });

  it('accepts ZIP+4 with or without the hyphen', () => {
    expect(lookupPlace('60606-1234', 'US')).toEqual(lookupPlace('60606', 'US'));
    expect(lookupPlace('606061234', 'US')).toEqual(lookupPlace('60606', 'US'));
    expect(lookupPlace(' 60606 ', 'US')?.city).toBe('Chicago');
  });

  it('rejects malformed or unknown ZIPs and other countries', () => {
    expect(lookupPlace('6060', 'US')).toBeUndefined();
    expect(lookupPlace('60606-12', 'US')).toBeUndefined();
    expect(lookupPlace('00000', 'US')).toBeUndefined();
    expect(lookupPlace('K1A', 'US')).toBeUndefined();
  });
});

describe('lookupPlace: Canada', () => {
  it("finds 'K1A 0B1' Ottawa ON", () => {
    const p = lookupPlace('K1A 0B1', 'CA');
    expect(p?.state).toBe('ON');
    expect(p?.city).toMatch(/Ottawa/);
    expect(p?.precision).toBe('fsa');
    expect(p?.province_mismatch).toBeUndefined();
  });

  it('is case-insensitive and ignores spaces; FSA alone works', () => {
    expect(lookupPlace('k1a0b1', 'CA')).toEqual(lookupPlace('K1A 0B1', 'CA'));
    expect(lookupPlace('k1a', 'CA')).toEqual(lookupPlace('K1A 0B1', 'CA'));
  });

  it('maps provinces by first letter, X to NT or NU by the lookup', () => {
    expect(lookupPlace('H2X 1Y4', 'CA')?.state).toBe('QC');
    expect(lookupPlace('T2P 1J9', 'CA')?.state).toBe('AB');
    expect(lookupPlace('V6B 1A1', 'CA')?.state).toBe('BC');
    expect(lookupPlace('X0A 0H0', 'CA')?.state).toBe('NU');
    expect(lookupPlace('X1A 2L9', 'CA')?.state).toBe('NT');
  });

  it('rejects letters Canada Post never uses and wrong shapes', () => {
    expect(lookupPlace('D1A 0B1', 'CA')).toBeUndefined(); // D never used
    expect(lookupPlace('W1A 0B1', 'CA')).toBeUndefined(); // W never first
    expect(lookupPlace('K1O 0B1', 'CA')).toBeUndefined(); // O never used
    expect(lookupPlace('K1A 0B', 'CA')).toBeUndefined();
    expect(lookupPlace('60606', 'CA')).toBeUndefined();
  });

  it('reconciles a first letter that disagrees with the lookup province: keeps the letter, flags it', () => {
    // The zipcodes data has no real disagreement, but its state field is not clean (some FSAs
    // carry a county name), so the rule is tested on the reconciling function directly.
    expect(canadianProvince('K1A', 'Quebec')).toEqual({ province: 'ON', mismatch: true });
    expect(canadianProvince('K0C', 'Dundas and Glengarry United Counties (Alexandria)')).toEqual({
      province: 'ON',
      mismatch: false,
    });
    expect(canadianProvince('J8T', 'Quebec')).toEqual({ province: 'QC', mismatch: false });
    expect(canadianProvince('X0A', 'Nunavut Territory')).toEqual({ province: 'NU', mismatch: false });
    expect(canadianProvince('Z1A', 'Ontario')).toBeUndefined();
  });
});

describe('lookupPlace: Mexico', () => {
  it('finds 06700 Ciudad de México (Cuauhtémoc) and 64000 Monterrey, Nuevo León', () => {
    expect(lookupPlace('06700', 'MX')).toMatchObject({
      state: 'CMX',
      city: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      precision: 'state',
    });
    expect(lookupPlace('64000', 'MX')).toMatchObject({ state: 'NLE', city: 'Monterrey', municipality: 'Monterrey' });
  });

  it("names the alcaldía of every Mexico City CP and the city of a large city's CPs", () => {
    expect(lookupPlace('01000', 'MX')).toMatchObject({ city: 'Ciudad de México', municipality: 'Álvaro Obregón' });
    expect(lookupPlace('11560', 'MX')).toMatchObject({ city: 'Ciudad de México', municipality: 'Miguel Hidalgo' });
    expect(lookupPlace('16000', 'MX')).toMatchObject({ city: 'Ciudad de México', municipality: 'Xochimilco' });
    expect(lookupPlace('44100', 'MX')).toMatchObject({ state: 'JAL', city: 'Guadalajara' });
    expect(lookupPlace('97000', 'MX')).toMatchObject({ state: 'YUC', city: 'Mérida' });
  });

  it('names no city where a CP is outside the ranges it knows (a town or a neighbouring municipality)', () => {
    const place = lookupPlace('66220', 'MX');
    expect(place).toMatchObject({ state: 'NLE', city: '' });
    expect(place).not.toHaveProperty('municipality');
  });

  it('rejects unassigned prefixes and malformed CPs', () => {
    for (const cp of ['00100', '17000', '18000', '19999', '6400', 'ABCDE']) {
      expect(lookupPlace(cp, 'MX'), cp).toBeUndefined();
    }
  });

  it('covers 32 states and each assigned prefix exactly once', () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(new Set(MEXICAN_STATES.map((s) => s.code)).size).toBe(32);
    const seen = new Map<number, string>();
    for (const s of MEXICAN_STATES) {
      for (const [from, to] of s.prefixes) {
        for (let p = from; p <= to; p += 1) {
          expect(seen.has(p), `prefix ${p}`).toBe(false);
          seen.set(p, s.code);
        }
      }
    }
    const expected = [...Array.from({ length: 16 }, (_, i) => i + 1), ...Array.from({ length: 80 }, (_, i) => i + 20)];
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(expected);
  });

  it.each([
    ['20000', 'AGU'],
    ['21100', 'BCN'],
    ['22000', 'BCN'],
    ['23000', 'BCS'],
    ['24000', 'CAM'],
    ['25000', 'COA'],
    ['27000', 'COA'],
    ['28000', 'COL'],
    ['29000', 'CHP'],
    ['30000', 'CHP'],
    ['31000', 'CHH'],
    ['32000', 'CHH'],
    ['34000', 'DUR'],
    ['36000', 'GUA'],
    ['38000', 'GUA'],
    ['39000', 'GRO'],
    ['42000', 'HID'],
    ['44100', 'JAL'],
    ['49000', 'JAL'],
    ['50000', 'MEX'],
    ['57000', 'MEX'],
    ['58000', 'MIC'],
    ['62000', 'MOR'],
    ['63000', 'NAY'],
    ['67000', 'NLE'],
    ['68000', 'OAX'],
    ['72000', 'PUE'],
    ['76000', 'QUE'],
    ['77500', 'ROO'],
    ['78000', 'SLP'],
    ['80000', 'SIN'],
    ['83000', 'SON'],
    ['86000', 'TAB'],
    ['87000', 'TAM'],
    ['89000', 'TAM'],
    ['90000', 'TLA'],
    ['91000', 'VER'],
    ['96000', 'VER'],
    ['97000', 'YUC'],
    ['98000', 'ZAC'],
    ['99999', 'ZAC'],
    ['01000', 'CMX'],
    ['16000', 'CMX'],
  ])('%s -> %s', (cp, code) => {
    expect(mexicanStateForPostalCode(cp)?.code).toBe(code);
  });

  it('puts every capital inside Mexico', () => {
    for (const s of MEXICAN_STATES) {
      expect(s.lat, s.code).toBeGreaterThan(14);
      expect(s.lat, s.code).toBeLessThan(33);
      expect(s.lon, s.code).toBeGreaterThan(-118);
      expect(s.lon, s.code).toBeLessThan(-86);
    }
  });
});

describe('distances', () => {
  it('Chicago-Dallas is about 800 miles great circle', () => {
    const chi = lookupPlace('60606', 'US');
    const dal = lookupPlace('75201', 'US');
    if (!chi || !dal) throw new Error('lookup failed');
    const gc = greatCircleMiles(chi, dal);
    expect(gc).toBeGreaterThan(780);
    expect(gc).toBeLessThan(820);
    expect(roadMiles(chi, dal)).toBeCloseTo(gc * ROAD_FACTOR, 9);
  });

  it('is zero to itself, symmetric, and a quarter meridian is ~6,218 mi', () => {
    const a = { lat: 41.9, lon: -87.6 };
    const b = { lat: 19.4, lon: -99.1 };
    expect(greatCircleMiles(a, a)).toBe(0);
    expect(greatCircleMiles(a, b)).toBeCloseTo(greatCircleMiles(b, a), 9);
    expect(greatCircleMiles({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo(6218.4, 0);
  });

  it('Toronto-Montreal is about 315 miles', () => {
    const tor = lookupPlace('M5V 2T6', 'CA');
    const mtl = lookupPlace('H2X 1Y4', 'CA');
    if (!tor || !mtl) throw new Error('lookup failed');
    const gc = greatCircleMiles(tor, mtl);
    expect(gc).toBeGreaterThan(290);
    expect(gc).toBeLessThan(340);
  });
});

describe('parcelZone', () => {
  it.each([
    [0, 1],
    [50, 1],
    [51, 2],
    [150, 2],
    [151, 3],
    [300, 3],
    [301, 4],
    [600, 4],
    [601, 5],
    [1000, 5],
    [1001, 6],
    [1400, 6],
    [1401, 7],
    [1800, 7],
    [1801, 8],
    [3000, 8],
  ])('%d miles -> zone %d', (miles, zone) => {
    expect(parcelZone(miles)).toBe(zone);
  });

  it('rounds to whole miles and rejects bad input', () => {
    expect(parcelZone(50.49)).toBe(1);
    expect(parcelZone(50.5)).toBe(2);
    expect(() => parcelZone(-1)).toThrow(RangeError);
    expect(() => parcelZone(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
